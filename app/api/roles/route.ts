import { createRole, listRoles } from "@/lib/definitions/roles";
import { roleInputSchema } from "@/lib/definitions/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:people" }, ({ ctx }) => listRoles(ctx));

export const POST = route({ auth: "session", permission: "settings", body: roleInputSchema, status: 201 }, ({ ctx, body }) =>
  createRole(ctx, body),
);
