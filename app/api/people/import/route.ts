import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { importPeopleQuery } from "@/lib/people/csv-schemas";
import { importPeopleFile } from "@/lib/people/import-job";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // The CSV comes as text/csv or as a multipart `file`; `?dry_run=true` only reports. A large file (or `Prefer: respond-async`) is a job: 202.
  POST: route({ operation: "importPeople", scope: "write:people", permission: "people:edit", query: importPeopleQuery }, ({ ctx, req, query }) =>
    importPeopleFile(ctx, req, { dryRun: query.dry_run ?? false }),
  ),
});
