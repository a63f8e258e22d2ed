import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deletePerson } from "@/lib/people/delete-person";
import { getPerson } from "@/lib/people/get-person";
import { getPersonQuery, updatePersonSchema } from "@/lib/people/schemas";
import { updatePerson } from "@/lib/people/update-person";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getPerson", scope: "read:people", query: getPersonQuery, checksSessionItself: true }, ({ ctx, params, query }) =>
    getPerson(ctx, params.id, query.include),
  ),
  PATCH: route({ operation: "updatePerson", scope: "write:people", permission: "people:edit", body: updatePersonSchema }, ({ ctx, params, body }) =>
    updatePerson(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deletePerson", scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => deletePerson(ctx, params.id)),
});
