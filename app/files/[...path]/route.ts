import { resolveFile } from "@/lib/files/resolve-file";
import { serveFile } from "@/lib/files/serve-file";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { fileEndpoints } from "@/lib/openapi/paths-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Stored files, served only to callers allowed to see the record they belong to; one byte range on request.
  route(fileEndpoints.getFile, async ({ ctx, req, params }) => serveFile(await resolveFile(ctx, params.path), req.headers.get("range"))),
);
