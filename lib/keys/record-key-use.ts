import { db } from "@/lib/db/client";

const MINUTE = 60_000;

/**
 * Stamps last_used_at at most once a minute, off the request's path: a read must not
 * become a write on every request. The conditional update keeps concurrent requests
 * from writing more than once.
 */
export function recordKeyUse(keyId: string, districtId: string, lastUsedAt: Date | null) {
  const now = Date.now();
  if (lastUsedAt && now - lastUsedAt.getTime() < MINUTE) return;
  const before = new Date(now - MINUTE);
  db()
    .apiKey.updateMany({
      where: { id: keyId, districtId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: before } }] },
      data: { lastUsedAt: new Date(now) },
    })
    .catch(() => {});
}
