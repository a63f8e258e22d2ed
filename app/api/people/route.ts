import { jsonDocumentResponse } from "@/lib/http/json-document";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { createPerson } from "@/lib/people/create-person";
import { peopleListDocument } from "@/lib/people/list-people";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Sent with an ETag for callers who see the whole district (304 on If-None-Match).
  route(peopleEndpoints.listPeople, async ({ ctx, req, query }) => jsonDocumentResponse(req, await peopleListDocument(ctx, query))),
  route(peopleEndpoints.createPerson, ({ ctx, body }) => createPerson(ctx, body)),
);
