import { finalizeRecording } from "@/lib/audio/finalize-recording";
import { acceptedAnswer } from "@/lib/audio/recording-status";
import { finalizeSchema } from "@/lib/audio/schemas";
import { methods } from "@/lib/http/methods";
import { prefersAsync } from "@/lib/http/prefer-async";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "finalizeAudioRecording", scope: "write:interviews", body: finalizeSchema }, async ({ ctx, req, body }) => {
    const async = prefersAsync(req);
    const outcome = await finalizeRecording(ctx, body, { wait: !async });
    return "done" in outcome ? outcome.done : acceptedAnswer(ctx, body.recordingId, async);
  }),
});
