import { translateRecordingSchema } from "@/lib/audio/schemas";
import { translateRecording } from "@/lib/audio/translate-recording";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// Readers' translations of a recording's transcript and summary (cached): for anyone who may see the interview.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "translateAudioRecording", scope: "read:interviews", body: translateRecordingSchema }, ({ ctx, body }) => translateRecording(ctx, body)),
});
