import { route } from "@/lib/http/route";
import { invitePerson } from "@/lib/people/invite-person";

export const POST = route({ scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => invitePerson(ctx, params.id));
