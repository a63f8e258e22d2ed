import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deletePersonFile } from "@/lib/people/person-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route({ operation: "deletePersonFile", scope: "write:people", permission: "people:edit" }, ({ ctx, params }) =>
    deletePersonFile(ctx, params.id, params.uploadId),
  ),
});
