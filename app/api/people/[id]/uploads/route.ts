import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listPersonFiles, uploadPersonFile } from "@/lib/people/person-files";

// POST: multipart, streamed (lib/http/multipart.ts): `file`, optional `name`.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listPersonFiles", scope: "read:people" }, ({ ctx, params }) => listPersonFiles(ctx, params.id)),
  POST: route({ operation: "uploadPersonFile", scope: "write:people", permission: "people:edit", status: 201 }, ({ ctx, params, req }) => uploadPersonFile(ctx, params.id, req)),
});
