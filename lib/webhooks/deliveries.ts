import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { assertMayRead } from "./endpoint-access";
import { eventBody, newEventId, queueDeliveries, type DeliveryKind } from "./emit-event";
import { TEST_EVENT_TYPE } from "./event-types.shared";
import type { Delivery, ListDeliveriesQuery, ReplayInput } from "./schemas";

/** Events one replay sends at most; the answer says where to go on from. */
const REPLAY_LIMIT = 10_000;

const deliverySelect = {
  id: true,
  eventId: true,
  kind: true,
  status: true,
  attempts: true,
  responseStatus: true,
  responseMs: true,
  error: true,
  createdAt: true,
  lastAttemptAt: true,
  deliveredAt: true,
  event: { select: { type: true } },
} as const;

type DeliveryRow = {
  id: string;
  eventId: string;
  kind: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  event: { type: string };
};

const serializeDelivery = (d: DeliveryRow): Delivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.event.type,
  kind: d.kind as Delivery["kind"],
  status: d.status as Delivery["status"],
  attempts: d.attempts,
  response_status: d.responseStatus,
  response_ms: d.responseMs,
  error: d.error,
  created_at: d.createdAt.getTime(),
  last_attempt_at: d.lastAttemptAt?.getTime() ?? null,
  delivered_at: d.deliveredAt?.getTime() ?? null,
});

async function findEndpoint(tx: Pick<Tx, "webhookEndpoint">, ctx: Ctx, id: string) {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, districtId: ctx.districtId }, select: { id: true, enabled: true, eventTypes: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

const assertEnabled = (endpoint: { enabled: boolean }) => {
  if (!endpoint.enabled) throw conflict("The endpoint is disabled: enable it first (a test event can be sent to a disabled endpoint).");
};

/** The delivery log, newest first, a page at a time (`before`: the last delivery of the previous page). */
export async function listDeliveries(ctx: Ctx, endpointId: string, query: ListDeliveriesQuery) {
  await findEndpoint(db(), ctx, endpointId);
  const rows = await db().webhookDelivery.findMany({
    where: { districtId: ctx.districtId, endpointId, ...(query.status ? { status: query.status } : {}) },
    select: deliverySelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
    ...(query.before ? { cursor: { id: query.before }, skip: 1 } : {}),
  });
  return rows.map(serializeDelivery);
}

/*
 * Sending, redelivering and replaying need the right to read every event the endpoint carries
 * (endpoint-access.ts), as changing it does; the log itself (no payloads) is the settings permission's.
 */

/** A `webhook.test` event for this endpoint only, tried once (also when the endpoint is disabled: to check a fix first). */
export async function sendTestEvent(ctx: Ctx, endpointId: string) {
  return transactionWithJobs(async (tx, _enqueue, enqueueMany) => {
    assertMayRead(ctx, (await findEndpoint(tx, ctx, endpointId)).eventTypes);
    const eventId = newEventId();
    const data = { endpoint_id: endpointId, message: "A test event from the Credentials Administration Service." };
    await tx.webhookEvent.create({ data: { id: eventId, districtId: ctx.districtId, type: TEST_EVENT_TYPE, endpointId, body: eventBody(TEST_EVENT_TYPE, data) } });
    const [deliveryId] = await queueDeliveries(tx, enqueueMany, ctx.districtId, "test", [{ endpointId, eventId }]);
    return { ok: true as const, event_id: eventId, delivery_id: deliveryId };
  });
}

/** The same event again (same body, same `webhook-id`), as a new delivery in the log. */
export async function redeliver(ctx: Ctx, endpointId: string, deliveryId: string) {
  return transactionWithJobs(async (tx, _enqueue, enqueueMany) => {
    const endpoint = await findEndpoint(tx, ctx, endpointId);
    const original = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId, districtId: ctx.districtId }, select: { eventId: true, kind: true, event: { select: { type: true } } } });
    if (!original) throw notFound("Delivery");
    // The event's own type too: the endpoint may carry other types since.
    assertMayRead(ctx, [...endpoint.eventTypes, original.event.type]);
    const kind: DeliveryKind = original.kind === "test" ? "test" : "redelivery";
    if (kind !== "test") assertEnabled(endpoint);
    const [id] = await queueDeliveries(tx, enqueueMany, ctx.districtId, kind, [{ endpointId, eventId: original.eventId }]);
    return { ok: true as const, event_id: original.eventId, delivery_id: id };
  });
}

/**
 * Every event of the endpoint's types since `since` (kept 30 days), oldest first, sent again, each
 * with its original id, whether or not they reached it before (the receiver drops what it has seen by
 * `webhook-id`). At most REPLAY_LIMIT at once; `next_since` says where to go on from.
 */
export async function replayEvents(ctx: Ctx, endpointId: string, input: ReplayInput) {
  return transactionWithJobs(async (tx, _enqueue, enqueueMany) => {
    const endpoint = await findEndpoint(tx, ctx, endpointId);
    assertMayRead(ctx, endpoint.eventTypes);
    assertEnabled(endpoint);
    const events = await tx.webhookEvent.findMany({
      where: { districtId: ctx.districtId, endpointId: null, type: { in: endpoint.eventTypes }, createdAt: { gte: new Date(input.since) } },
      select: { id: true, createdAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: REPLAY_LIMIT + 1,
    });
    const sent = events.slice(0, REPLAY_LIMIT);
    await queueDeliveries(tx, enqueueMany, ctx.districtId, "replay", sent.map((e) => ({ endpointId, eventId: e.id })));
    return { ok: true as const, events: sent.length, next_since: events.length > REPLAY_LIMIT ? events[REPLAY_LIMIT].createdAt.getTime() : null };
  });
}
