import { resolveFile, scopeForFile } from "@/lib/files/resolve-file";
import { serveFile } from "@/lib/files/serve-file";
import { route } from "@/lib/http/route";

/** Stored files, served only to callers allowed to see the record they belong to. */
export const GET = route({ scope: (params) => scopeForFile(params.path) }, async ({ ctx, params }) =>
  serveFile(await resolveFile(ctx, params.path)),
);
