import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { exportPeopleQuery } from "@/lib/people/csv-schemas";
import { peopleCsvResponse } from "@/lib/people/export-people-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Streamed in batches: the whole district never sits in memory.
  GET: route({ operation: "exportPeopleCsv", scope: "read:people", query: exportPeopleQuery }, ({ ctx, query }) => peopleCsvResponse(ctx, query)),
});
