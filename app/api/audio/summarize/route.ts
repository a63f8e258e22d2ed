import { summarizeSchema } from "@/lib/audio/schemas";
import { summarizeRecording } from "@/lib/audio/summarize-recording";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ scope: "write:interviews", body: summarizeSchema }, ({ ctx, body }) => summarizeRecording(ctx, body)),
});
