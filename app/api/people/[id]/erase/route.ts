import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { erasePerson } from "@/lib/people/erase-person";
import { erasePersonSchema } from "@/lib/people/erase-schemas";

// Erasing a person, confirmed by their e-mail: administrators only (a session holding an admin-kind role).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "erasePerson", auth: "session", roleKind: "admin", body: erasePersonSchema }, ({ ctx, params, body }) =>
    erasePerson(ctx, params.id, body.email),
  ),
});
