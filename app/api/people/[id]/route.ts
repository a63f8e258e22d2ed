import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { deletePerson } from "@/lib/people/delete-person";
import { getPerson } from "@/lib/people/get-person";
import { updatePerson } from "@/lib/people/update-person";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(peopleEndpoints.getPerson, ({ ctx, params, query }) => getPerson(ctx, params.id, query.include)),
  route(peopleEndpoints.updatePerson, ({ ctx, params, body }) => updatePerson(ctx, params.id, body)),
  route(peopleEndpoints.deletePerson, ({ ctx, params }) => deletePerson(ctx, params.id)),
);
