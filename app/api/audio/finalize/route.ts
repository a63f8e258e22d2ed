import { finalizeRecording } from "@/lib/audio/finalize-recording";
import { finalizeSchema } from "@/lib/audio/schemas";
import { afterResponse } from "@/lib/http/after-response";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ scope: "write:interviews", body: finalizeSchema }, async ({ ctx, body }) => {
    const { answer, cleanUp } = await finalizeRecording(ctx, body);
    // The chunks go once the answer is sent: they are no longer needed, and a crash meanwhile
    // leaves them to the next finalize of this recording or to the sweep.
    afterResponse(cleanUp);
    return answer;
  }),
});
