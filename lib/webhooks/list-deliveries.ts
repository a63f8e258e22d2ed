import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { findEndpoint } from "./find-endpoint";
import type { ListDeliveriesQuery } from "./schemas";
import { deliverySelect, serializeDelivery } from "./serialize-delivery";

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
