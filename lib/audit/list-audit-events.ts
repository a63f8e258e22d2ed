import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { jsonResponse } from "@/lib/http/json-response";
import { encodeCursor } from "@/lib/http/page-params";
import type { AuditActorType } from "./actions.shared";
import { AUDIT_PAGE_DEFAULT, type AuditEventView, type AuditFilters, type AuditPage, type ListAuditQuery } from "./schemas";

/** The columns an event is shown with (never `hash`: the chain is `audit verify`'s business). */
const AUDIT_EVENT_SELECT = {
  id: true,
  seq: true,
  at: true,
  actorType: true,
  actorId: true,
  actorName: true,
  via: true,
  action: true,
  recordType: true,
  recordId: true,
  personId: true,
  changes: true,
  requestId: true,
  redactedAt: true,
} as const;

type AuditRow = Prisma.AuditEventGetPayload<{ select: typeof AUDIT_EVENT_SELECT }>;

export function serializeAuditEvent(row: AuditRow): AuditEventView {
  return {
    id: row.id,
    seq: Number(row.seq),
    at: row.at.getTime(),
    actor: { type: row.actorType as AuditActorType, id: row.actorId, name: row.actorName },
    via: row.via,
    action: row.action,
    record_type: row.recordType,
    record_id: row.recordId,
    person_id: row.personId,
    changes: row.changes ?? null,
    request_id: row.requestId,
    // An erased person's events keep their place in the chain; their details are cleared (redacted_at).
    redacted: row.redactedAt !== null,
  };
}

/**
 * The caller's district's events matching the filters, always: an id of another district
 * (a person, a record, an actor) matches nothing here, so it gives an empty list, not a 404
 * that would tell it exists. `from` and `to` are inclusive.
 */
function auditWhere(ctx: Ctx, filters: AuditFilters, beforeSeq?: number): Prisma.AuditEventWhereInput {
  return {
    districtId: ctx.districtId,
    ...(filters.actor ? { actorId: filters.actor } : {}),
    ...(filters.person ? { personId: filters.person } : {}),
    ...(filters.record_type ? { recordType: filters.record_type } : {}),
    ...(filters.record_id ? { recordId: filters.record_id } : {}),
    ...(filters.action ? { action: { in: filters.action } } : {}),
    ...(filters.from !== undefined || filters.to !== undefined
      ? { at: { ...(filters.from !== undefined ? { gte: new Date(filters.from) } : {}), ...(filters.to !== undefined ? { lte: new Date(filters.to) } : {}) } }
      : {}),
    ...(beforeSeq !== undefined ? { seq: { lt: BigInt(beforeSeq) } } : {}),
  };
}

/**
 * Reads events newest first, `take` at a time, from before `beforeSeq`: the seq order is the
 * chain's, fixed once written, so a cursor (the last seq sent) never repeats or skips an event,
 * however many are added meanwhile.
 */
export async function readAuditEvents(ctx: Ctx, filters: AuditFilters, take: number, beforeSeq?: number) {
  return db().auditEvent.findMany({ where: auditWhere(ctx, filters, beforeSeq), select: AUDIT_EVENT_SELECT, orderBy: { seq: "desc" }, take });
}

/** GET /api/audit: a page of the district's trail, newest first, and the cursor of the next one. */
export async function listAuditEvents(ctx: Ctx, query: ListAuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await readAuditEvents(ctx, query, limit + 1, query.cursor?.[0] as number | undefined);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return { events: page.map(serializeAuditEvent), next_cursor: more ? encodeCursor([Number(page.at(-1)!.seq)]) : null };
}

/**
 * The page as the answer: the body, and the next page also named the house way (X-Next-Cursor,
 * Link rel="next", as the other paged lists). Never stored by a cache: a trail is read fresh.
 */
export function auditPageResponse(req: Request, page: AuditPage): Response {
  const headers: Record<string, string> = { "cache-control": "private, no-store" };
  if (page.next_cursor) {
    const url = new URL(req.url);
    url.searchParams.set("cursor", page.next_cursor);
    headers["x-next-cursor"] = page.next_cursor;
    headers.link = `<${url.pathname}${url.search}>; rel="next"`;
  }
  return jsonResponse(page, { headers });
}
