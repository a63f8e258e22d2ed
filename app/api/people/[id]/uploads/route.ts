import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { listPersonFiles, uploadPersonFile } from "@/lib/people/person-files";

// POST: multipart, streamed (lib/http/multipart.ts): `file`, optional `name`.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(peopleEndpoints.listPersonFiles, ({ ctx, params }) => listPersonFiles(ctx, params.id)),
  route(peopleEndpoints.uploadPersonFile, ({ ctx, params, req }) => uploadPersonFile(ctx, params.id, req)),
);
