import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getPeopleImport } from "@/lib/people/import-job";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getPeopleImport", scope: "write:people", permission: "people:edit" }, ({ ctx, params }) => getPeopleImport(ctx, params.id)),
});
