import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { managingEndpoint } from "./managing-endpoint";

/** Deletes the endpoint and its delivery log; deliveries still queued are dropped. */
export async function deleteEndpoint(ctx: Ctx, id: string) {
  return managingEndpoint(ctx, id, [], async (tx) => {
    await tx.webhookEndpoint.deleteMany({ where: { id, districtId: ctx.districtId } });
    return { ok: true as const };
  });
}
