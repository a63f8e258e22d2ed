import { translateRecording } from "@/lib/audio/translate-recording";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { audioEndpoints } from "@/lib/openapi/paths-audio";

// Readers' translations of a recording's transcript and summary (cached): for anyone who may see the interview.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(audioEndpoints.translateAudioRecording, ({ ctx, body }) => translateRecording(ctx, body)),
);
