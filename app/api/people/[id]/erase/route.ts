import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { recordsEndpoints } from "@/lib/openapi/paths-records";
import { erasePerson } from "@/lib/people/erase-person";

// Erasing a person, confirmed by their e-mail: administrators only (a session holding an admin-kind role).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(recordsEndpoints.erasePerson, ({ ctx, params, body }) => erasePerson(ctx, params.id, body.email)),
);
