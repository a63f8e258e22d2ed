import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { invitePerson } from "@/lib/people/invite-person";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "invitePerson", scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => invitePerson(ctx, params.id)),
});
