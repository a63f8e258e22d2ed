import { LRUCache } from "lru-cache";
import type { Ctx } from "@/lib/auth/context";
import { db, Prisma } from "@/lib/db/client";
import type { JsonDocument } from "@/lib/http/json-document";

/** The district-wide lists kept encoded, each with the districts column that versions it. */
const VERSION_COLUMN = { people: "people_version", interviews: "interviews_version" } as const;
export type DistrictList = keyof typeof VERSION_COLUMN;

type Entry = { version: bigint; body: Uint8Array };

// Serialising 10,000 rows costs 100-150 ms of CPU; a district's list changes far less often
// than it is read. Bounded by bytes, least recently used copies go first.
const copies = new LRUCache<string, Entry>({ maxSize: 128 * 1024 * 1024, sizeCalculation: (e) => Math.max(1, e.body.byteLength) });

export const encodeJson = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/**
 * A district-wide list as a JSON document shared by every caller who sees all of it: the
 * cached copy is used while the district's version column (bumped by triggers on every change
 * to those rows, in the same transaction) is unchanged, and its ETag lets browsers revalidate
 * with a 304. The version is read before the list is built, so a change racing the build can
 * only make the copy look older than it is (rebuilt on the next read), never newer.
 */
export async function cachedDistrictList(ctx: Ctx, list: DistrictList, variant: string, build: () => Promise<unknown>): Promise<JsonDocument> {
  const rows = await db().$queryRaw<{ version: bigint }[]>`
    select ${Prisma.raw(`"${VERSION_COLUMN[list]}"`)} as version from districts where id = ${ctx.districtId}`;
  const version = rows[0]?.version ?? BigInt(0);
  const key = `${list}:${ctx.districtId}:${variant}`;
  let entry = copies.get(key);
  if (!entry || entry.version !== version) {
    entry = { version, body: encodeJson(await build()) };
    copies.set(key, entry);
  }
  return { body: entry.body, etag: `W/"${key}:${version}"` };
}
