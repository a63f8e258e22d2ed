import { jsonDocumentResponse } from "@/lib/http/json-document";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createPerson } from "@/lib/people/create-person";
import { peopleListDocument } from "@/lib/people/list-people";
import { createPersonSchema, listPeopleQuery } from "@/lib/people/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Sent with an ETag for callers who see the whole district (304 on If-None-Match).
  GET: route({ operation: "listPeople", scope: "read:people", query: listPeopleQuery }, async ({ ctx, req, query }) =>
    jsonDocumentResponse(req, await peopleListDocument(ctx, query)),
  ),
  POST: route(
    { operation: "createPerson", scope: "write:people", permission: "people:edit", body: createPersonSchema, status: 201 },
    ({ ctx, body }) => createPerson(ctx, body),
  ),
});
