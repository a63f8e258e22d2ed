import { deleteRecording } from "@/lib/audio/delete-recording";
import { recordingStatus } from "@/lib/audio/recording-status";
import { renameRecording } from "@/lib/audio/rename-recording";
import { renameRecordingSchema } from "@/lib/audio/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// The status URL of a recording's server-side steps (the 202 of finalize, transcribe and summarize names it); renaming and deleting a saved one.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getAudioRecordingStatus", scope: "read:interviews" }, ({ ctx, params }) => recordingStatus(ctx, params.recordingId)),
  PATCH: route({ operation: "renameAudioRecording", scope: "write:interviews", body: renameRecordingSchema }, ({ ctx, params, body }) =>
    renameRecording(ctx, params.recordingId, body),
  ),
  DELETE: route({ operation: "deleteAudioRecording", scope: "write:interviews" }, ({ ctx, params }) => deleteRecording(ctx, params.recordingId)),
});
