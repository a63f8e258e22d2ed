import { recordingStatus } from "@/lib/audio/recording-status";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// The status URL of a recording's server-side steps (the 202 of finalize, transcribe and summarize names it).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getAudioRecordingStatus", scope: "read:interviews" }, ({ ctx, params }) => recordingStatus(ctx, params.recordingId)),
});
