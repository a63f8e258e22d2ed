import { deleteRole, updateRole } from "@/lib/definitions/roles";
import { roleUpdateSchema } from "@/lib/definitions/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route({ operation: "updateRole", auth: "session", permission: "settings", body: roleUpdateSchema }, ({ ctx, params, body }) =>
    updateRole(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deleteRole", auth: "session", permission: "settings" }, ({ ctx, params }) => deleteRole(ctx, params.id)),
});
