import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { invitePerson } from "@/lib/people/invite-person";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(peopleEndpoints.invitePerson, ({ ctx, params }) => invitePerson(ctx, params.id)));
