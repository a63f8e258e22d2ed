import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { getPeopleImport } from "@/lib/people/get-people-import";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(peopleEndpoints.getPeopleImport, ({ ctx, params }) => getPeopleImport(ctx, params.id)));
