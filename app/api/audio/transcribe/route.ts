import { acceptedAnswer } from "@/lib/audio/recording-status";
import { transcribeRecording } from "@/lib/audio/transcribe-recording";
import { methods } from "@/lib/http/methods";
import { prefersAsync } from "@/lib/http/prefer-async";
import { route } from "@/lib/http/route";
import { audioEndpoints } from "@/lib/openapi/paths-audio";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(audioEndpoints.transcribeAudioRecording, async ({ ctx, req, body }) => {
    const async = prefersAsync(req);
    const outcome = await transcribeRecording(ctx, body, { wait: !async });
    return "done" in outcome ? outcome.done : acceptedAnswer(ctx, body.recordingId, async);
  }),
);
