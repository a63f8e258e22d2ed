import "server-only";
import type { Tx } from "@/lib/db/client";
import { requestContext } from "@/lib/http/request-context";
import { APP_ACTIONS } from "./actions.shared";
import { auditActorOf } from "./audit-actor";
import { recordAuditEvents } from "./record-audit-event";

/**
 * A sign-in, recorded with the session it created (in its transaction): by the person
 * themself through that session (a sign-in link or the district's OpenID Connect provider), or by whoever minted it (`npm run admin --
 * session`: the ops command).
 */
export function recordSignIn(tx: Pick<Tx, "$executeRaw">, s: { districtId: string; personId: string; sessionId: string; method: "email" | "oidc" | "ops" }) {
  const actor = s.method !== "ops" ? { type: "person" as const, id: s.personId, via: `session:${s.sessionId}` } : auditActorOf(requestContext() ?? {});
  return recordAuditEvents(
    s.districtId,
    actor,
    [{ action: APP_ACTIONS.signedIn, recordType: "session", recordId: s.sessionId, personId: s.personId, changes: { method: s.method } }],
    tx,
  );
}
