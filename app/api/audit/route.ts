import { auditPageResponse, listAuditEvents } from "@/lib/audit/list-audit-events";
import { listAuditQuery } from "@/lib/audit/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// The district's audit trail: administrators (an admin-kind role, not a permission) and keys with the audit scope.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listAuditEvents", scope: "audit", roleKind: "admin", query: listAuditQuery }, async ({ ctx, req, query }) =>
    auditPageResponse(req, await listAuditEvents(ctx, query)),
  ),
});
