import { route } from "@/lib/http/route";
import { deletePersonFile } from "@/lib/people/person-files";

export const DELETE = route({ scope: "write:people", permission: "people:edit" }, ({ ctx, params }) =>
  deletePersonFile(ctx, params.id, params.uploadId),
);
