import { createRole, listRoles } from "@/lib/definitions/roles";
import { roleInputSchema } from "@/lib/definitions/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listRoles", scope: "read:people" }, ({ ctx }) => listRoles(ctx)),
  POST: route({ operation: "createRole", auth: "session", permission: "settings", body: roleInputSchema, status: 201 }, ({ ctx, body }) =>
    createRole(ctx, body),
  ),
});
