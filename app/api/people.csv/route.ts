import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { peopleEndpoints } from "@/lib/openapi/paths-people";
import { peopleCsvResponse } from "@/lib/people/export-people-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Streamed in batches: the whole district never sits in memory.
  route(peopleEndpoints.exportPeopleCsv, ({ ctx, query }) => peopleCsvResponse(ctx, query)),
);
