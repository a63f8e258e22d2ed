import { auditCsvResponse } from "@/lib/audit/audit-csv";
import { exportAuditQuery } from "@/lib/audit/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Streamed in batches: the whole trail never sits in memory.
  GET: route({ operation: "exportAuditCsv", scope: "audit", roleKind: "admin", query: exportAuditQuery }, async ({ ctx, query }) => auditCsvResponse(ctx, query)),
});
