import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { keySelect, serializeKey } from "./serialize-key";

/** Revoking the key ends every secret of it: earlier ones are accepted only through a key that is not revoked. */
export async function revokeKey(ctx: Ctx, id: string) {
  await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const revokedAt = new Date();
    const { count } = await tx.apiKey.updateMany({ where: { id, districtId: ctx.districtId, revokedAt: null }, data: { revokedAt } });
    if (!count) throw notFound("API key");
    const row = await tx.apiKey.findFirstOrThrow({ where: { id, districtId: ctx.districtId }, select: keySelect() });
    await emit("key.revoked", () => ({ ...serializeKey(row), revoked_at: revokedAt.getTime() }));
  });
  return { ok: true as const };
}
