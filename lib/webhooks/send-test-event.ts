import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { eventBody, newEventId, queueDeliveries } from "./emit-event";
import { assertMayRead } from "./endpoint-access";
import { TEST_EVENT_TYPE } from "./event-types.shared";
import { findEndpoint } from "./find-endpoint";

/** A `webhook.test` event for this endpoint only, tried once (also when the endpoint is disabled: to check a fix first). */
export async function sendTestEvent(ctx: Ctx, endpointId: string) {
  return transactionWithJobs(async (tx, _enqueue, enqueueMany) => {
    assertMayRead(ctx, (await findEndpoint(tx, ctx, endpointId)).eventTypes);
    const eventId = newEventId();
    const data = { endpoint_id: endpointId, message: "A test event from the Credentials Administration Service." };
    await tx.webhookEvent.create({
      data: { id: eventId, districtId: ctx.districtId, type: TEST_EVENT_TYPE, endpointId, body: eventBody(TEST_EVENT_TYPE, data) },
    });
    const [deliveryId] = await queueDeliveries(tx, enqueueMany, ctx.districtId, "test", [{ endpointId, eventId }]);
    return { ok: true as const, event_id: eventId, delivery_id: deliveryId };
  });
}
