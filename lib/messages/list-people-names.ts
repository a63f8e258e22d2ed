import "server-only";
import { db } from "@/lib/db/client";
import type { PersonName } from "./schemas";

/** Names of the people of the district among `ids` (deleted people are simply absent), in the order of `ids`. */
export async function listPeopleNames(districtId: string, ids: Iterable<string>): Promise<PersonName[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  // One array parameter rather than one bind parameter per id (a list can name thousands).
  const rows = await db().$queryRaw<PersonName[]>`
    select id, first, last from people where district_id = ${districtId} and id = any(${wanted}::text[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, first: row.first, last: row.last }] : [];
  });
}
