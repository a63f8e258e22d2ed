import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Tx } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/pool";
import { requestContext } from "@/lib/http/request-context";
import type { AuditAppAction, AuditRecordType } from "./actions.shared";
import { auditActorOf, auditActorOfCtx, type AuditActor } from "./audit-actor";

/** An event the app records itself (the row writes are recorded by the database: lib/audit/actions.shared.ts). */
export type AuditEventInput = {
  action: AuditAppAction;
  recordType: AuditRecordType;
  recordId?: string | null;
  /** The person the record is about, for the person filter. */
  personId?: string | null;
  changes?: Record<string, unknown>;
};

const toRow = (e: AuditEventInput) => ({
  action: e.action,
  record_type: e.recordType,
  record_id: e.recordId ?? null,
  person_id: e.personId ?? null,
  changes: e.changes ?? null,
});

/**
 * Appends events to the district's chain in one statement: inside `tx` when given (then they
 * stand or fall with it), else on their own (committed at once, as a read's record must be even
 * when the answer then fails to reach the reader).
 */
export async function recordAuditEvents(districtId: string, actor: AuditActor, events: AuditEventInput[], tx?: Pick<Tx, "$executeRaw">) {
  if (!events.length) return;
  const rows = JSON.stringify(events.map(toRow));
  const who = JSON.stringify(actor);
  if (tx) await tx.$executeRaw`select audit_append_many(${districtId}, ${who}::jsonb, ${rows}::jsonb)`;
  else await sqlRows(`select audit_append_many($1, $2::jsonb, $3::jsonb) as seq`, [districtId, who, rows]);
}

/** Events of the caller `ctx` (within the request, job or command running now). */
export function recordCallerEvents(ctx: Ctx, events: AuditEventInput[], tx?: Pick<Tx, "$executeRaw">) {
  return recordAuditEvents(ctx.districtId, auditActorOfCtx(ctx), events, tx);
}

/** Events of whoever the work running now acts as (its request's caller, job or ops command). */
export function recordCurrentEvents(districtId: string, events: AuditEventInput[], tx?: Pick<Tx, "$executeRaw">) {
  return recordAuditEvents(districtId, auditActorOf(requestContext() ?? {}), events, tx);
}
