import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createDistrict } from "@/lib/districts/create-district";
import { pool } from "@/lib/db/pool";
import { auditDigest, auditHash } from "./canonical";
import { recordAuditEvents } from "./record-audit-event";
import { redactAuditDetails } from "./redact-audit-details";
import { verifyAuditChain } from "./verify-audit-chain";

/**
 * The hash chain: a row changed, removed or inserted by hand (as a DBA would, the guard trigger
 * disabled inside the transaction) makes `audit verify` fail and name the row; the only UPDATE the
 * database takes is the redaction of a row's details, which still verifies; appends from
 * concurrent writers leave no gap.
 */

const actor = { type: "ops" as const, via: "ops:test" };

/** A chain of its own (no district row is needed: the trail has no foreign keys), of `count` events. */
async function chain(count = 5) {
  const districtId = `audit-${randomUUID()}`;
  const personId = `person-${randomUUID()}`;
  for (let i = 0; i < count; i++) {
    await recordAuditEvents(districtId, actor, [
      { action: "person_file.read", recordType: "person_file", recordId: `file-${i}`, personId: i % 2 ? personId : null, changes: { i, note: "a|b\\c" } },
    ]);
  }
  return { districtId, personId };
}

const verify = (districtId: string) => verifyAuditChain(pool(), districtId);
const idAt = async (districtId: string, seq: number) =>
  (await pool().query<{ id: string }>(`select id from audit_events where district_id = $1 and seq = $2`, [districtId, seq])).rows[0].id;

/** Runs `sql` as a DBA would: with the append-only guard disabled for this one transaction. */
async function asDba(sql: string, values: unknown[], how: "disable trigger" | "replica role" = "disable trigger") {
  const client = await pool().connect();
  try {
    await client.query("begin");
    if (how === "replica role") await client.query("set local session_replication_role = replica");
    else await client.query("alter table audit_events disable trigger audit_events_append_only");
    await client.query(sql, values);
    if (how === "disable trigger") await client.query("alter table audit_events enable trigger audit_events_append_only");
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

describe("audit verify", () => {
  it("passes a clean chain, and its hashes are the ones canonical.ts computes", async () => {
    const { districtId } = await chain(5);
    expect(await verify(districtId)).toEqual({ ok: true, rows: 5, first_bad: null });
    const { rows } = await pool().query(
      `select seq::text as seq, district_id as "districtId", id, to_char("at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_type as "actorType",
              actor_id as "actorId", via, action, record_type as "recordType", record_id as "recordId", person_id as "personId",
              request_id as "requestId", detail_digest as "detailDigest", hash, actor_name as "actorName", changes::text as "changesText"
         from audit_events e where district_id = $1 order by e.seq`,
      [districtId],
    );
    let previous = "";
    for (const row of rows) {
      expect(auditDigest(row.actorName, row.changesText)).toBe(row.detailDigest);
      expect(auditHash(previous, row)).toBe(row.hash);
      previous = row.hash;
    }
  });

  it("names a row whose content was changed by hand (hash mismatch)", async () => {
    const { districtId } = await chain(5);
    await asDba(`update audit_events set action = 'person.deleted' where district_id = $1 and seq = 3`, [districtId]);
    expect(await verify(districtId)).toEqual({
      ok: false,
      rows: 2,
      first_bad: { district_id: districtId, seq: 3, id: await idAt(districtId, 3), reason: "hash mismatch" },
    });
  });

  it("names a row whose details were changed by hand (digest mismatch), with the role of a replica", async () => {
    const { districtId } = await chain(4);
    await asDba(`update audit_events set changes = '{"i": 99}' where district_id = $1 and seq = 2`, [districtId], "replica role");
    expect((await verify(districtId)).first_bad).toEqual({ district_id: districtId, seq: 2, id: await idAt(districtId, 2), reason: "digest mismatch" });
  });

  it("names the row after one removed (seq gap), and a removed last row (head mismatch)", async () => {
    const gap = await chain(5);
    await asDba(`delete from audit_events where district_id = $1 and seq = 2`, [gap.districtId]);
    expect(await verify(gap.districtId)).toEqual({
      ok: false,
      rows: 1,
      first_bad: { district_id: gap.districtId, seq: 3, id: await idAt(gap.districtId, 3), reason: "seq gap" },
    });

    const tail = await chain(3);
    await asDba(`delete from audit_events where district_id = $1 and seq = 3`, [tail.districtId]);
    expect(await verify(tail.districtId)).toEqual({
      ok: false,
      rows: 2,
      first_bad: { district_id: tail.districtId, seq: 3, id: null, reason: "head mismatch" },
    });
  });

  it("names a row inserted by hand, not through audit_append_many", async () => {
    const { districtId } = await chain(3);
    const [last] = (await pool().query(`select hash from audit_events where district_id = $1 and seq = 3`, [districtId])).rows;
    const id = randomUUID();
    // Its digest is right (no details); its hash cannot be the chain's without the chain's rule.
    await pool().query(
      `insert into audit_events (id, district_id, seq, actor_type, action, record_type, hash, detail_digest) values ($1, $2, 4, 'person', 'person.deleted', 'person', $3, $4)`,
      [id, districtId, last.hash, auditDigest(null, null)],
    );
    expect(await verify(districtId)).toEqual({ ok: false, rows: 3, first_bad: { district_id: districtId, seq: 4, id, reason: "hash mismatch" } });
  });

  it("exits 1 from `npm run admin -- audit verify` with the report as its last line", async () => {
    const { districtId } = await chain(2);
    await asDba(`update audit_events set record_id = 'other' where district_id = $1 and seq = 1`, [districtId]);
    const run = promisify(execFile)(
      "npx",
      ["tsx", "--import", "./scripts/server-only-stub.mjs", "scripts/admin.ts", "audit", "verify", "--district", districtId],
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: process.env,
      },
    );
    const failure = await run.then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const last = failure!.stdout.trim().split("\n").at(-1)!;
    expect(JSON.parse(last)).toEqual({
      ok: false,
      rows: 0,
      first_bad: { district_id: districtId, seq: 1, id: await idAt(districtId, 1), reason: "hash mismatch" },
    });
  }, 60_000);
});

describe("append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    const { districtId } = await chain(2);
    await expect(pool().query(`update audit_events set action = 'x' where district_id = $1`, [districtId])).rejects.toThrow(/append-only/);
    await expect(pool().query(`delete from audit_events where district_id = $1`, [districtId])).rejects.toThrow(/append-only/);
    await expect(pool().query(`truncate audit_events`)).rejects.toThrow(/append-only/);
    // A redaction that changes anything else, or leaves details behind, is refused too.
    await expect(
      pool().query(`update audit_events set actor_name = null, changes = '{"redacted": true}', redacted_at = now(), record_id = 'x' where district_id = $1`, [
        districtId,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      pool().query(`update audit_events set actor_name = 'x', changes = '{"redacted": true}', redacted_at = now() where district_id = $1`, [districtId]),
    ).rejects.toThrow(/append-only/);
    expect(await verify(districtId)).toMatchObject({ ok: true, rows: 2 });
  });

  it("redacts the details of the rows about a person, and the chain still verifies", async () => {
    const { districtId, personId } = await chain(5);
    const count = await db().$transaction((tx) => redactAuditDetails(tx, districtId, personId));
    expect(count).toBe(2);
    const { rows } = await pool().query(`select person_id, actor_name, changes, redacted_at from audit_events e where district_id = $1 order by e.seq`, [
      districtId,
    ]);
    for (const row of rows) {
      if (row.person_id === personId) expect(row).toMatchObject({ actor_name: null, changes: { redacted: true }, redacted_at: expect.any(Date) });
      else expect(row.changes).toMatchObject({ note: "a|b\\c" });
    }
    expect(await verify(districtId)).toEqual({ ok: true, rows: 5, first_bad: null });
    // Once redacted, a row takes no further change.
    await expect(pool().query(`update audit_events set redacted_at = now() where district_id = $1 and person_id = $2`, [districtId, personId])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe("concurrent writers", () => {
  it("leave one gap-free chain in seq order", async () => {
    const districtId = `audit-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db().$transaction(async (tx) => {
          await recordAuditEvents(districtId, actor, [{ action: "transcript.read", recordType: "recording", recordId: `r${i}` }], tx);
          await recordAuditEvents(districtId, actor, [{ action: "transcript.read", recordType: "recording", recordId: `r${i}-again` }], tx);
        }),
      ),
    );
    const { rows } = await pool().query<{ seq: string }>(`select seq::text from audit_events e where district_id = $1 order by e.seq`, [districtId]);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await verify(districtId)).toEqual({ ok: true, rows: 24, first_bad: null });
  });

  it("through row writes of one district (appended at each commit) leave one gap-free chain", async () => {
    const { district } = await createDistrict({ name: `Concurrent ${randomUUID().slice(0, 6)}`, adminEmail: `a-${randomUUID().slice(0, 8)}@example.test` });
    const before = (await verify(district.id)).rows;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db().$transaction(async (tx) => {
          const tag = await tx.tag.create({ data: { districtId: district.id, name: `Tag ${i}` } });
          await tx.tag.update({ where: { id: tag.id, districtId: district.id }, data: { name: `Tag ${i}!` } });
        }),
      ),
    );
    expect(await verify(district.id)).toEqual({ ok: true, rows: before + 20, first_bad: null });
    const { rows } = await pool().query<{ action: string; record_id: string }>(
      `select action, record_id from audit_events e where district_id = $1 and record_type = 'tag' order by e.seq`,
      [district.id],
    );
    // Each transaction's two events sit together: the chain is in commit order.
    for (let i = 0; i < rows.length; i += 2)
      expect([rows[i].action, rows[i + 1].action, rows[i + 1].record_id]).toEqual(["tag.created", "tag.updated", rows[i].record_id]);
  });
});
