import { deleteRecording } from "@/lib/audio/delete-recording";
import { recordingStatus } from "@/lib/audio/recording-status";
import { renameRecording } from "@/lib/audio/rename-recording";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { audioEndpoints } from "@/lib/openapi/paths-audio";

// The status URL of a recording's server-side steps (the 202 of finalize, transcribe and summarize names it); renaming and deleting a saved one.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(audioEndpoints.getAudioRecordingStatus, ({ ctx, params }) => recordingStatus(ctx, params.recordingId)),
  route(audioEndpoints.renameAudioRecording, ({ ctx, params, body }) => renameRecording(ctx, params.recordingId, body)),
  route(audioEndpoints.deleteAudioRecording, ({ ctx, params }) => deleteRecording(ctx, params.recordingId)),
);
