import "server-only";
import { sqlRows } from "@/lib/db/pool";
import { requestContext } from "@/lib/http/request-context";
import { APP_ACTIONS } from "./actions.shared";
import { recordAuditEvents } from "./record-audit-event";

/**
 * A refused use of a known key (revoked, expired, or an earlier secret past its grace period),
 * recorded in its district's trail as the key's own act. An unknown key names no district and is
 * not recorded. Committed on its own: the request then fails.
 */
export function recordFailedKeyUse(districtId: string, keyId: string, reason: "revoked" | "expired" | "retired_secret") {
  const actor = { type: "key" as const, id: keyId, via: `key:${keyId}`, request: requestContext()?.requestId };
  return recordAuditEvents(districtId, actor, [{ action: APP_ACTIONS.keyUseFailed, recordType: "key", recordId: keyId, changes: { reason } }]);
}

/** The key an earlier secret belonged to, whatever its grace period. */
export async function retiredKeyOf(hash: string) {
  const [row] = await sqlRows<{ keyId: string; districtId: string }>(
    `select key_id as "keyId", district_id as "districtId" from api_key_retired_secrets where hash = $1 -- all districts: the secret's hash is what names it`,
    [hash],
  );
  return row;
}
