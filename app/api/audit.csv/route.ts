import { auditCsvResponse } from "@/lib/audit/audit-csv";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { auditEndpoints } from "@/lib/openapi/paths-audit";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Streamed in batches: the whole trail never sits in memory.
  route(auditEndpoints.exportAuditCsv, async ({ ctx, query }) => auditCsvResponse(ctx, query)),
);
