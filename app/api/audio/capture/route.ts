import { captureChunk } from "@/lib/audio/capture-chunk";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// POST: multipart, streamed (lib/http/multipart.ts): `audio` (WebM), `recordingId`, `chunkNumber`.
// Who may record is decided per interview in lib/audio/recording-access.ts (editors, keys, a candidate on their own).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "captureAudioChunk", scope: "write:interviews" }, ({ ctx, req }) => captureChunk(ctx, req)),
});
