import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { importPeopleFile } from "@/lib/people/import-people-file";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // The CSV comes as text/csv or as a multipart `file`; `?dry_run=true` only reports. A large file (or `Prefer: respond-async`) is a job: 202.
  route(peopleEndpoints.importPeople, ({ ctx, req, query }) => importPeopleFile(ctx, req, { dryRun: query.dry_run ?? false })),
);
