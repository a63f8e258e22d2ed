import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { deletePersonFile } from "@/lib/people/person-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(peopleEndpoints.deletePersonFile, ({ ctx, params }) => deletePersonFile(ctx, params.id, params.uploadId)),
);
