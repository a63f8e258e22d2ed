import { route } from "@/lib/http/route";
import { deletePerson } from "@/lib/people/delete-person";
import { getPerson } from "@/lib/people/get-person";
import { getPersonQuery, updatePersonSchema } from "@/lib/people/schemas";
import { updatePerson } from "@/lib/people/update-person";

export const GET = route({ scope: "read:people", query: getPersonQuery }, ({ ctx, params, query }) =>
  getPerson(ctx, params.id, query.include),
);

export const PATCH = route({ scope: "write:people", permission: "people:edit", body: updatePersonSchema }, ({ ctx, params, body }) =>
  updatePerson(ctx, params.id, body),
);

export const DELETE = route({ scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => deletePerson(ctx, params.id));
