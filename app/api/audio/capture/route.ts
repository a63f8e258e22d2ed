import { captureChunk } from "@/lib/audio/capture-chunk";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { audioEndpoints } from "@/lib/openapi/paths-audio";

// POST: multipart, streamed (lib/http/multipart.ts): `audio` (WebM), `recordingId`, `chunkNumber`.
// Who may record is decided per interview in lib/audio/recording-access.ts (editors, keys, a candidate on their own).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(audioEndpoints.captureAudioChunk, ({ ctx, req }) => captureChunk(ctx, req)));
