import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
import { assertMayHandOut } from "./assert-may-hand-out";
import { getKey } from "./get-key";
import { generateApiKey, hashApiKey } from "./key-format";
import { DEFAULT_GRACE_SECONDS, type RotateKeyInput } from "./schemas";

/**
 * Gives the key a new secret, returned once (as at creation). The current secret becomes an
 * earlier one, still accepted for `grace_seconds` (0: refused at once) so that systems can move
 * to the new secret without an outage; its last use stays visible. Scopes, name, expiry and id
 * stay. Earlier secrets whose grace is over are deleted here.
 */
export async function rotateKey(ctx: Ctx, id: string, input: RotateKeyInput) {
  const grace = input.grace_seconds ?? DEFAULT_GRACE_SECONDS;
  const secret = generateApiKey();
  await db().$transaction(async (tx) => {
    const now = new Date();
    const current = await tx.apiKey.findFirst({
      where: { id, districtId: ctx.districtId, revokedAt: null },
      select: { hash: true, hint: true, scopes: true, createdAt: true, rotatedAt: true, lastUsedAt: true, expiresAt: true },
    });
    if (!current) throw notFound("API key");
    assertMayHandOut(ctx, current.scopes);
    if (current.expiresAt && current.expiresAt <= now) throw conflict("This API key has expired: create a new key instead.");
    if (grace > 0) {
      await tx.retiredApiKeySecret.create({
        data: {
          districtId: ctx.districtId,
          keyId: id,
          hash: current.hash,
          hint: current.hint,
          createdAt: current.rotatedAt ?? current.createdAt,
          retiredAt: now,
          expiresAt: new Date(now.getTime() + grace * 1000),
          lastUsedAt: current.lastUsedAt,
        },
      });
    }
    // Compare-and-set on the secret: of two rotations at once, one wins and the other is a 409.
    const { count } = await tx.apiKey.updateMany({
      where: { id, districtId: ctx.districtId, hash: current.hash },
      data: { hash: hashApiKey(secret), hint: secret.slice(-4), rotatedAt: now, lastUsedAt: null },
    });
    if (!count) throw conflict("The key was rotated by another request at the same moment. Reload the keys and try again.");
    await tx.retiredApiKeySecret.deleteMany({ where: { districtId: ctx.districtId, keyId: id, expiresAt: { lte: now } } });
  });
  return { ...(await getKey(ctx, id)), key: secret };
}
