import "server-only";
import type { Tx } from "@/lib/db/client";
import { rightsOf, type Ctx, type HeldRole } from "./context";
import type { Scope } from "./permissions";

type Reader = Pick<Tx, "$queryRaw">;

/*
 * Who someone is now, for work done later on their behalf (a queued import, a webhook endpoint's
 * owner): their roles or scopes as they are at this moment, read as authentication reads them.
 */

type PersonRow = { first: string; last: string; archived: boolean; held: HeldRole[] };

/** A person of the district with the rights their roles give now, and whether they were archived; null when there is no such person. */
export async function personNow(reader: Reader, districtId: string, personId: string) {
  const [row] = await reader.$queryRaw<PersonRow[]>`
    select p.first, p.last, p.archived,
           coalesce((select json_agg(json_build_object('kind', r.kind, 'permissions', r.permissions))
                       from roles r where r.district_id = p.district_id and r.id in (select jsonb_object_keys(p.roles))), '[]'::json) as held
      from people p where p.id = ${personId} and p.district_id = ${districtId}`;
  if (!row) return null;
  const ctx: Ctx = {
    districtId,
    origin: "",
    // Rights only: no session (no token, nothing to sign in with).
    actor: { type: "person", personId, language: "en", sessionToken: "", sessionExpiresAt: 0, ...rightsOf(row.held) },
  };
  return { ctx, name: `${row.first} ${row.last}`.trim(), archived: row.archived };
}

/** An API key of the district with its scopes now, and whether it still works; null when there is no such key. */
export async function keyNow(reader: Reader, districtId: string, keyId: string) {
  const [row] = await reader.$queryRaw<{ scopes: string[]; revoked_at: Date | null; expires_at: Date | null }[]>`
    select scopes, revoked_at, expires_at from api_keys where id = ${keyId} and district_id = ${districtId}`;
  if (!row) return null;
  const ctx: Ctx = { districtId, origin: "", actor: { type: "key", keyId, scopes: new Set(row.scopes as Scope[]) } };
  return { ctx, usable: !row.revoked_at && !(row.expires_at && row.expires_at.getTime() <= Date.now()) };
}
