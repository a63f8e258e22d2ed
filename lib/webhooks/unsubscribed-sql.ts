import "server-only";
import type { EventType } from "./event-types.shared";

/**
 * A condition for a write sent as one statement: it holds while no webhook endpoint of the
 * district (enabled or not) listens to any of `types`. A guarded write that changes nothing
 * leaves the work to the caller's transactional path, which records the events
 * (`transactionWithEvents`); most districts have no endpoint, and their writes then take one
 * round trip instead of a transaction of several. `p` adds a parameter (lib/db/pool.ts sqlParams).
 */
export function unsubscribedSql(districtId: string, types: EventType[], p: (value: unknown) => string): string {
  return `not exists (select 1 from webhook_endpoints w where w.district_id = ${p(districtId)} and w.event_types && ${p(types)}::text[])`;
}
