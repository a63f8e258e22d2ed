import { transcribeSchema } from "@/lib/audio/schemas";
import { transcribeRecording } from "@/lib/audio/transcribe-recording";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ scope: "write:interviews", body: transcribeSchema }, ({ ctx, body }) => transcribeRecording(ctx, body)),
});
