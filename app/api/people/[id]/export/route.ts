import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { recordsEndpoints } from "@/lib/openapi/paths-records";
import { exportPerson } from "@/lib/people/export-person";

// A person's data as a ZIP download: administrators only (a session holding an admin-kind role).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(recordsEndpoints.exportPerson, ({ ctx, params }) => exportPerson(ctx, params.id)));
