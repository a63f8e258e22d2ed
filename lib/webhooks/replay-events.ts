import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { queueDeliveries } from "./emit-event";
import { assertMayRead } from "./endpoint-access";
import { assertEnabled, findEndpoint } from "./find-endpoint";
import type { ReplayInput } from "./schemas";

/** Events one replay sends at most; the answer says where to go on from. */
const REPLAY_LIMIT = 10_000;

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
    await queueDeliveries(
      tx,
      enqueueMany,
      ctx.districtId,
      "replay",
      sent.map((e) => ({ endpointId, eventId: e.id })),
    );
    return { ok: true as const, events: sent.length, next_since: events.length > REPLAY_LIMIT ? events[REPLAY_LIMIT].createdAt.getTime() : null };
  });
}
