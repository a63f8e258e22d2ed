import { createRole } from "@/lib/definitions/create-role";
import { listRoles } from "@/lib/definitions/list-roles";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { definitionEndpoints } from "@/lib/openapi/paths-definitions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(definitionEndpoints.listRoles, ({ ctx }) => listRoles(ctx)),
  route(definitionEndpoints.createRole, ({ ctx, body }) => createRole(ctx, body)),
);
