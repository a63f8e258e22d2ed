import { route } from "@/lib/http/route";
import { createPerson } from "@/lib/people/create-person";
import { listPeople } from "@/lib/people/list-people";
import { createPersonSchema, listPeopleQuery } from "@/lib/people/schemas";

export const GET = route({ scope: "read:people", query: listPeopleQuery }, ({ ctx, query }) => listPeople(ctx, query));

export const POST = route(
  { scope: "write:people", permission: "people:edit", body: createPersonSchema, status: 201 },
  ({ ctx, body }) => createPerson(ctx, body),
);
