import { auditPageResponse, listAuditEvents } from "@/lib/audit/list-audit-events";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { auditEndpoints } from "@/lib/openapi/paths-audit";

// The district's audit trail: administrators (an admin-kind role, not a permission) and keys with the audit scope.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(auditEndpoints.listAuditEvents, async ({ ctx, req, query }) => auditPageResponse(req, await listAuditEvents(ctx, query))),
);
