import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { queueDeliveries, type DeliveryKind } from "./emit-event";
import { assertMayRead } from "./endpoint-access";
import { assertEnabled, findEndpoint } from "./find-endpoint";

/** The same event again (same body, same `webhook-id`), as a new delivery in the log. */
export async function redeliver(ctx: Ctx, endpointId: string, deliveryId: string) {
  return transactionWithJobs(async (tx, _enqueue, enqueueMany) => {
    const endpoint = await findEndpoint(tx, ctx, endpointId);
    const original = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, endpointId, districtId: ctx.districtId },
      select: { eventId: true, kind: true, event: { select: { type: true } } },
    });
    if (!original) throw notFound("Delivery");
    // The event's own type too: the endpoint may carry other types since.
    assertMayRead(ctx, [...endpoint.eventTypes, original.event.type]);
    const kind: DeliveryKind = original.kind === "test" ? "test" : "redelivery";
    if (kind !== "test") assertEnabled(endpoint);
    const [id] = await queueDeliveries(tx, enqueueMany, ctx.districtId, kind, [{ endpointId, eventId: original.eventId }]);
    return { ok: true as const, event_id: original.eventId, delivery_id: id };
  });
}
