import "server-only";
import type { Tx } from "@/lib/db/client";

/**
 * Erasing a person (issue 36): the audit rows about them or by them keep their place in the chain
 * (who did what, when, to which record) but lose their details: the actor's name and the
 * changes, which may hold the person's data. The chain covers a digest of those details, not the
 * details, so it still verifies; the database allows exactly this UPDATE on audit_events, nothing
 * else (migration 20261127150000_audit_capture). Returns how many rows were redacted.
 */
export function redactAuditDetails(tx: Pick<Tx, "$executeRaw">, districtId: string, personId: string): Promise<number> {
  return tx.$executeRaw`
    update audit_events set actor_name = null, changes = '{"redacted": true}'::jsonb, redacted_at = now() at time zone 'utc'
     where district_id = ${districtId} and (person_id = ${personId} or (actor_type = 'person' and actor_id = ${personId})) and redacted_at is null`;
}
