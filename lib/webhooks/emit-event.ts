import "server-only";
import { randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import { transactionWithJobs, type Enqueue, type EnqueueMany, type TransactionOptions } from "@/lib/jobs/enqueue";
import type { EventType } from "./event-types.shared";

export type DeliveryKind = "event" | "test" | "redelivery" | "replay";

/** An event id, sent as `webhook-id` (Standard Webhooks' `msg_` form). */
export const newEventId = () => `msg_${randomBytes(16).toString("hex")}`;

/** The body of an event as sent, kept byte for byte: every attempt and redelivery sends the same. */
export const eventBody = (type: string, data: unknown) => JSON.stringify({ type, timestamp: new Date().toISOString(), data });

/** The retries of a delivery's job: the queue's (about a day), unless the operator's env says otherwise; a test event is tried once. */
function retryOptions(kind: DeliveryKind) {
  if (kind === "test") return { retryLimit: 0 };
  const { WEBHOOK_RETRY_LIMIT, WEBHOOK_RETRY_DELAY_SECONDS } = env();
  return {
    ...(WEBHOOK_RETRY_LIMIT !== undefined ? { retryLimit: WEBHOOK_RETRY_LIMIT } : {}),
    ...(WEBHOOK_RETRY_DELAY_SECONDS !== undefined ? { retryDelay: WEBHOOK_RETRY_DELAY_SECONDS } : {}),
  };
}

/** Rows one statement writes (events, deliveries): set-based, a few statements for an import's thousands. */
const BATCH = 5000;

/**
 * One delivery row per (endpoint, event) and its `webhook-deliver` job, in the caller's
 * transaction: one INSERT from arrays per batch (Prisma's createManyAndReturn took ~0.7 s per
 * 1,000 rows) and one job insert.
 */
export async function queueDeliveries(
  tx: Tx,
  enqueueMany: EnqueueMany,
  districtId: string,
  kind: DeliveryKind,
  pairs: { endpointId: string; eventId: string }[],
) {
  const ids: string[] = [];
  const retries = retryOptions(kind);
  for (let i = 0; i < pairs.length; i += BATCH) {
    const part = pairs.slice(i, i + BATCH);
    const partIds = part.map(() => newCuidShapedId());
    await tx.$executeRaw`
      insert into webhook_deliveries (id, district_id, endpoint_id, event_id, kind)
      select v.id, ${districtId}, v.endpoint_id, v.event_id, ${kind}
        from unnest(${partIds}::text[], ${part.map((p) => p.endpointId)}::text[], ${part.map((p) => p.eventId)}::text[]) as v(id, endpoint_id, event_id)`;
    await enqueueMany(
      "webhook-deliver",
      partIds.map((deliveryId) => ({ data: { districtId, deliveryId }, ...retries })),
    );
    ids.push(...partIds);
  }
  return ids;
}

/** Raised inside a transaction without the job queue when an endpoint turns out to be subscribed. */
class NeedsQueue extends Error {}

/** `data` is read only when an endpoint of the district listens to the type: most districts have none. */
export type EventData = () => unknown;
export type Emit = (type: EventType, data: EventData) => Promise<string | null>;
/** The data of events that share it (an update that also archives or publishes), read at most once. */
export function readOnce(read: () => Promise<unknown>): EventData {
  let result: Promise<unknown> | undefined;
  return () => (result ??= read());
}

export type EventQueue = { enqueue: Enqueue; enqueueMany: EnqueueMany } | null;

/**
 * Records an event of the district in the caller's transaction, and a delivery (with its job)
 * for each enabled endpoint subscribed to its type: all of it commits with the change, or none
 * of it. Events are kept when the district has an endpoint for the type, enabled or not (a
 * disabled one replays them once it is fixed); otherwise nothing is written and the answer is
 * null, else the event's id. Without a queue (`null`), an enabled subscriber aborts the
 * transaction with NeedsQueue, which `transactionWithEvents` answers by running it again with one.
 */
export async function emitEvent(tx: Tx, queue: EventQueue, districtId: string, type: EventType, data: EventData): Promise<string | null> {
  const endpoints = await tx.webhookEndpoint.findMany({ where: { districtId, eventTypes: { has: type } }, select: { id: true, enabled: true } });
  if (!endpoints.length) return null;
  const enabled = endpoints.filter((e) => e.enabled);
  if (enabled.length && !queue) throw new NeedsQueue();
  const id = newEventId();
  await tx.webhookEvent.create({ data: { id, districtId, type, body: eventBody(type, await data()) } });
  if (queue)
    await queueDeliveries(
      tx,
      queue.enqueueMany,
      districtId,
      "event",
      enabled.map((e) => ({ endpointId: e.id, eventId: id })),
    );
  return id;
}

/** Many events of one type at once; `readAll` answers their data, read only when an endpoint listens. */
export type EmitMany = (type: EventType, readAll: () => Promise<unknown[]>) => Promise<number>;

/**
 * emitEvent for many records at once (an import's thousands of people), set-based: one look at
 * the district's endpoints, then, when one listens, every event's data from `readAll` (in the
 * caller's transaction), the events inserted from arrays and their deliveries queued, a batch at
 * a time. Answers how many events were recorded.
 */
async function emitEvents(tx: Tx, queue: EventQueue, districtId: string, type: EventType, readAll: () => Promise<unknown[]>): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({ where: { districtId, eventTypes: { has: type } }, select: { id: true, enabled: true } });
  if (!endpoints.length) return 0;
  const enabled = endpoints.filter((e) => e.enabled);
  if (enabled.length && !queue) throw new NeedsQueue();
  const all = await readAll();
  for (let i = 0; i < all.length; i += BATCH) {
    const part = all.slice(i, i + BATCH);
    const ids = part.map(() => newEventId());
    const bodies = part.map((data) => eventBody(type, data));
    await tx.$executeRaw`
      insert into webhook_events (id, district_id, type, body)
      select v.id, ${districtId}, ${type}, v.body from unnest(${ids}::text[], ${bodies}::text[]) as v(id, body)`;
    if (queue)
      await queueDeliveries(
        tx,
        queue.enqueueMany,
        districtId,
        "event",
        enabled.flatMap((e) => ids.map((eventId) => ({ endpointId: e.id, eventId }))),
      );
  }
  return all.length;
}

/** Whether an enabled endpoint of the district listens to any of these types: work too long to run twice then starts with the queue. */
export async function hasSubscribers(districtId: string, types: readonly EventType[]) {
  return (await db().webhookEndpoint.count({ where: { districtId, enabled: true, eventTypes: { hasSome: [...types] } } })) > 0;
}

const globalForEvents = globalThis as unknown as { __casEventsNeedQueue?: boolean };

/**
 * Runs `work` in one transaction in which it may emit events of the district (the change and its events commit
 * together). Most districts have no endpoint, and then nothing is queued: the transaction runs
 * without the job queue, which spares every process that only changes records from starting it.
 * As soon as an event has a subscriber, the work runs again in `transactionWithJobs` (the first
 * run rolled back whole), and so does every later one.
 * `options.queue` starts with the queue at once (work too long to run twice: an import).
 */
export async function transactionWithEvents<T>(
  districtId: string,
  work: (tx: Tx, emit: Emit, emitMany: EmitMany) => Promise<T>,
  options: TransactionOptions & { queue?: boolean } = {},
): Promise<T> {
  const { queue: withQueue, ...limits } = options;
  if (!globalForEvents.__casEventsNeedQueue && !withQueue) {
    try {
      return await db().$transaction(
        (tx) =>
          work(
            tx,
            (type, data) => emitEvent(tx, null, districtId, type, data),
            (type, readAll) => emitEvents(tx, null, districtId, type, readAll),
          ),
        limits,
      );
    } catch (error) {
      if (!(error instanceof NeedsQueue)) throw error;
      globalForEvents.__casEventsNeedQueue = true;
    }
  }
  return transactionWithJobs((tx, enqueue, enqueueMany) => {
    const queue = { enqueue, enqueueMany };
    return work(
      tx,
      (type, data) => emitEvent(tx, queue, districtId, type, data),
      (type, readAll) => emitEvents(tx, queue, districtId, type, readAll),
    );
  }, limits);
}
