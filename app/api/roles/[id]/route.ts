import { deleteRole } from "@/lib/definitions/delete-role";
import { updateRole } from "@/lib/definitions/update-role";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { definitionEndpoints } from "@/lib/openapi/paths-definitions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(definitionEndpoints.updateRole, ({ ctx, params, body }) => updateRole(ctx, params.id, body)),
  route(definitionEndpoints.deleteRole, ({ ctx, params }) => deleteRole(ctx, params.id)),
);
