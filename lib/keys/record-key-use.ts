import "server-only";
import { db } from "@/lib/db/client";

const MINUTE = 60_000;

/**
 * Stamps last_used_at at most once a minute, off the request's path: a read must not
 * become a write on every request. The conditional update keeps concurrent requests
 * from writing more than once. An earlier secret of a rotated key (`retiredSecretId`) is
 * stamped on its own row, so that an admin sees whether it is still in use.
 */
export function recordKeyUse({
  id: keyId,
  districtId,
  lastUsedAt,
  retiredSecretId,
}: {
  id: string;
  districtId: string;
  lastUsedAt: Date | null;
  retiredSecretId?: string;
}) {
  const now = Date.now();
  if (lastUsedAt && now - lastUsedAt.getTime() < MINUTE) return;
  const stale = { OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - MINUTE) } }] };
  const data = { lastUsedAt: new Date(now) };
  const write = retiredSecretId
    ? db().retiredApiKeySecret.updateMany({ where: { id: retiredSecretId, districtId, ...stale }, data })
    : db().apiKey.updateMany({ where: { id: keyId, districtId, ...stale }, data });
  write.catch(() => {});
}
