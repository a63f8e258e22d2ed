import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Tx } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";

/*
 * Sending, redelivering and replaying need the right to read every event the endpoint carries
 * (endpoint-access.ts), as changing it does; the log itself (no payloads) is the settings permission's.
 */

/** The district's endpoint with what sending to it needs; 404 for another district's or an unknown one. */
export async function findEndpoint(tx: Pick<Tx, "webhookEndpoint">, ctx: Ctx, id: string) {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, districtId: ctx.districtId }, select: { id: true, enabled: true, eventTypes: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

export const assertEnabled = (endpoint: { enabled: boolean }) => {
  if (!endpoint.enabled) throw conflict("The endpoint is disabled: enable it first (a test event can be sent to a disabled endpoint).");
};
