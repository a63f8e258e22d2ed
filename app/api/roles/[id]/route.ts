import { deleteRole, updateRole } from "@/lib/definitions/roles";
import { roleUpdateSchema } from "@/lib/definitions/schemas";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "session", permission: "settings", body: roleUpdateSchema }, ({ ctx, params, body }) =>
  updateRole(ctx, params.id, body),
);

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => deleteRole(ctx, params.id));
