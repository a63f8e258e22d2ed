import "server-only";
import { db } from "@/lib/db/client";

/**
 * The key an earlier (rotated) secret belongs to, while its grace period lasts; the caller
 * checks the key's own revocation and expiry as for its current secret. `lastUsedAt` is the
 * secret's own.
 */
export async function keyOfRetiredSecret(hash: string) {
  const secret = await db().retiredApiKeySecret.findUnique({
    where: { hash },
    select: {
      id: true,
      expiresAt: true,
      lastUsedAt: true,
      key: { select: { id: true, districtId: true, scopes: true, revokedAt: true, expiresAt: true } },
    },
  });
  if (!secret || secret.expiresAt.getTime() <= Date.now()) return null;
  return { ...secret.key, lastUsedAt: secret.lastUsedAt, retiredSecretId: secret.id };
}
