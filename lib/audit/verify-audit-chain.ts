import "server-only";
import pg from "pg";
import { auditDigest, auditHash, type ChainedRow } from "./canonical";

type ChainBreak = {
  district_id: string;
  seq: number | null;
  id: string | null;
  reason: "hash mismatch" | "digest mismatch" | "seq gap" | "head mismatch" | "redaction mismatch";
};
export type ChainReport = { ok: boolean; rows: number; first_bad: ChainBreak | null };

type Row = ChainedRow & { hash: string; actorName: string | null; changesText: string | null; redacted: boolean };

const PAGE = 5000;

/** A pool or one of its connections. */
type Queryable = pg.Pool | pg.ClientBase;

/**
 * `npm run admin -- audit verify`: walks each district's chain in seq order and recomputes every
 * row's digest and hash from its stored columns (lib/audit/canonical.ts). A row changed by hand
 * breaks its hash (or its digest), a row removed leaves a gap in seq (or, at the end, a head that
 * no longer matches), a row inserted by hand has a hash the chain does not give. Stops at the
 * first break, and names it.
 */
export async function verifyAuditChain(client: Queryable, districtId?: string): Promise<ChainReport> {
  const districts = districtId
    ? [districtId]
    : (
        await client.query<{ id: string }>(
          `select district_id as id from audit_heads union select distinct district_id from audit_events order by 1 -- all districts: verify walks every chain`,
        )
      ).rows.map((r) => r.id);
  let rows = 0;
  for (const district of districts) {
    const result = await verifyDistrict(client, district);
    rows += result.rows;
    if (result.bad) return { ok: false, rows, first_bad: result.bad };
  }
  return { ok: true, rows, first_bad: null };
}

async function verifyDistrict(client: Queryable, districtId: string): Promise<{ rows: number; bad: ChainBreak | null }> {
  let previous = "";
  let expected = 1;
  let rows = 0;
  for (;;) {
    const page = await client.query<Row>(
      `select seq::text as seq, district_id as "districtId", id, to_char("at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_type as "actorType",
              actor_id as "actorId", via, action, record_type as "recordType", record_id as "recordId", person_id as "personId",
              request_id as "requestId", detail_digest as "detailDigest", hash, actor_name as "actorName", changes::text as "changesText",
              redacted_at is not null as redacted
         from audit_events e where district_id = $1 and e.seq >= $2 order by e.seq limit $3`,
      [districtId, expected, PAGE],
    );
    for (const row of page.rows) {
      const at = { district_id: districtId, seq: Number(row.seq), id: row.id };
      if (Number(row.seq) !== expected) return { rows, bad: { ...at, reason: "seq gap" } };
      if (
        row.redacted ? row.actorName !== null || row.changesText !== '{"redacted": true}' : auditDigest(row.actorName, row.changesText) !== row.detailDigest
      ) {
        return { rows, bad: { ...at, reason: row.redacted ? "redaction mismatch" : "digest mismatch" } };
      }
      if (auditHash(previous, row) !== row.hash) return { rows, bad: { ...at, reason: "hash mismatch" } };
      previous = row.hash;
      rows++;
      expected++;
    }
    if (page.rows.length < PAGE) break;
  }
  const [head] = (await client.query<{ seq: string; hash: string }>(`select seq::text as seq, hash from audit_heads where district_id = $1`, [districtId]))
    .rows;
  if (!head || Number(head.seq) !== expected - 1 || head.hash !== previous) {
    return { rows, bad: { district_id: districtId, seq: head ? Number(head.seq) : null, id: null, reason: "head mismatch" } };
  }
  return { rows, bad: null };
}
