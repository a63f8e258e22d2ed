import zlib from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import { db } from "@/lib/db/client";
import pg from "pg";
import { serializeInterviewSummary, interviewListSelect } from "@/lib/interviews/serialize-interview";
import { peopleListDocument } from "@/lib/people/list-people";
import { personSelect, serializePerson } from "@/lib/people/serialize-person";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * The shared list copies are brought up to date with only the rows that changed
 * (lib/list-cache/list-cache.ts). Whatever the changes (inserts, renames that move rows, archiving,
 * deletes, several rows in one statement, many rows at once, thousands of versions), the copy must
 * equal the list built from scratch, in the database's own order.
 */
let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("List copies");
});

// Names whose order depends on the database's collation: the copy must follow the database.
const LASTS = ["adams", "Adams", "Álvarez", "Zed", "Ñúñez", "O'Brien", "van Dijk", "Łukasz", "Ito", "ito"];
const FIRSTS = ["Ana", "ana", "Émile", "Zoë", "Bo"];

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function peopleFromScratch(archived: boolean) {
  const rows = await db().person.findMany({
    where: { districtId: d.id, ...(archived ? {} : { archived: false }) },
    select: personSelect,
    orderBy: [{ last: "asc" }, { first: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ ...serializePerson(r), avatar_url: null }));
}

async function interviewsFromScratch() {
  const rows = await db().interview.findMany({
    where: { districtId: d.id },
    select: interviewListSelect,
    orderBy: [{ date: "desc" }, { createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(serializeInterviewSummary);
}

describe("list copies patched with the changed rows", () => {
  it("equal a fresh build after every round of random changes to people, in the database's order", async () => {
    const r = rng(7);
    const pick = <T>(items: T[]) => items[Math.floor(r() * items.length)];
    // More than two blocks of rows (list-blocks.ts), so that changes land in different blocks and split them.
    for (let i = 0; i < 300; i += 100) {
      await db().person.createMany({
        data: Array.from({ length: 100 }, () => ({
          districtId: d.id,
          first: pick(FIRSTS),
          last: pick(LASTS),
          email: uniqueEmail("row"),
          emailKey: uniqueEmail("row"),
        })),
      });
    }
    // Both copies exist before the changes begin, so every later read patches them.
    await api.get("/api/people", d.admin.token);
    await api.get("/api/people?archived=true", d.admin.token);

    for (let round = 0; round < 25; round++) {
      const ids = (await db().person.findMany({ where: { districtId: d.id, id: { not: d.admin.id } }, select: { id: true } })).map((p) => p.id);
      const changes = 1 + Math.floor(r() * 4);
      for (let c = 0; c < changes; c++) {
        const x = r();
        if (x < 0.25) await d.addPerson("candidate", { first: pick(FIRSTS), last: pick(LASTS) });
        else if (x < 0.5)
          await db().$executeRaw`update people set last = ${pick(LASTS)}, first = ${pick(FIRSTS)} where id = ${pick(ids)} and district_id = ${d.id}`;
        else if (x < 0.6) await db().$executeRaw`update people set archived = not archived where id = ${pick(ids)} and district_id = ${d.id}`;
        // Not moving: the row keeps its place and changes in the copy where it is.
        else if (x < 0.7)
          await db()
            .$executeRaw`update people set language = ${pick(["en", "es", "fr"])}, email = ${uniqueEmail("moved-not")} where id = ${pick(ids)} and district_id = ${d.id}`;
        else if (x < 0.78) await db().$executeRaw`delete from people where id = ${pick(ids)} and district_id = ${d.id}`;
        else if (x < 0.9) {
          // Several rows in one statement: one version, many changed rows.
          const some = [pick(ids), pick(ids), pick(ids)];
          await db()
            .$executeRaw`update people set last = case when random() < 0.5 then 'Zed' else 'adams' end where id = any(${some}) and district_id = ${d.id}`;
        } else {
          // Two transactions at once: the versions follow the order they commit in.
          await Promise.all([
            db().$executeRaw`update people set first = ${pick(FIRSTS)} where id = ${pick(ids)} and district_id = ${d.id}`,
            db().$executeRaw`update people set last = ${pick(LASTS)} where id = ${pick(ids)} and district_id = ${d.id}`,
          ]);
        }
      }
      for (const archived of [false, true]) {
        const path = `/api/people${archived ? "?archived=true" : ""}`;
        const expected = await peopleFromScratch(archived);
        expect((await api.get(path, d.admin.token)).body, `round ${round}, archived=${archived}`).toEqual(expected);
        // The gzip, made of the blocks' pieces, only the changed ones compressed again, decodes to the same list.
        const zipped = await api.get(path, d.admin.token, { headers: { "accept-encoding": "gzip" } });
        expect(JSON.parse(zlib.gunzipSync(Buffer.from(await zipped.response.arrayBuffer())).toString("utf8")), `gzip, round ${round}`).toEqual(expected);
      }
    }
  });

  it("equal a fresh build after interviews are added, moved, answered and deleted", async () => {
    const r = rng(11);
    const candidate = await d.addPerson("candidate");
    const made: string[] = [];
    for (let i = 0; i < 10; i++)
      made.push((await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: `2026-0${1 + (i % 9)}-1${i % 9}` })).body.id);
    await api.get("/api/interviews", d.admin.token);
    for (let round = 0; round < 15; round++) {
      const x = r();
      const id = made[Math.floor(r() * made.length)];
      if (x < 0.3)
        made.push(
          (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: `2026-0${1 + Math.floor(r() * 9)}-0${1 + Math.floor(r() * 9)}` })).body.id,
        );
      else if (x < 0.6)
        await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { date: `2025-1${Math.floor(r() * 3)}-2${Math.floor(r() * 9)}` });
      else if (x < 0.8) await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { published: r() < 0.5 ? 1 : 0 });
      else if (made.length > 3) {
        await api.delete(`/api/interviews/${candidate.id}/${id}`, d.admin.token);
        made.splice(made.indexOf(id), 1);
      }
      expect((await api.get("/api/interviews", d.admin.token)).body, `round ${round}`).toEqual(await interviewsFromScratch());
    }
  });

  it("rebuild whole after many rows change at once, or after more versions than list_changes keeps", async () => {
    await api.get("/api/people", d.admin.token);
    await db().person.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        districtId: d.id,
        first: "Bulk",
        last: LASTS[i % LASTS.length],
        email: uniqueEmail("bulk"),
        emailKey: uniqueEmail("bulk"),
      })),
    });
    expect((await api.get("/api/people", d.admin.token)).body).toEqual(await peopleFromScratch(false));

    const target = (await db().person.findFirstOrThrow({ where: { districtId: d.id, first: "Bulk" }, select: { id: true } })).id;
    // 1,400 versions, one statement each: beyond the 1,024 kept, so the copy cannot be patched.
    await db().$executeRawUnsafe(`do $$ begin for i in 1..1400 loop update people set first = 'Bulk' || i where id = '${target}'; end loop; end $$`);
    expect((await api.get("/api/people", d.admin.token)).body).toEqual(await peopleFromScratch(false));
    const kept = await db().$queryRaw<{ n: bigint }[]>`select count(*) as n from list_changes where district_id = ${d.id} and list = 'people'`;
    expect(Number(kept[0].n)).toBeLessThanOrEqual(1024 + 256 + 400);
  }, 120_000);

  it("readers arriving together share one statement, one at a time, and each still reads its own write", async () => {
    const before = await api.get("/api/people", d.admin.token);
    const { ctx } = await authenticate(
      new Request("http://localhost/api/people", { headers: { authorization: `Bearer ${d.admin.token}` } }),
      "http://localhost:3000",
    );
    const created = await api.post("/api/people", d.admin.token, { first: "Shared", last: "Read", email: uniqueEmail("shared") });
    // Counted where a statement goes to the server (pg's Query.submit), whatever path sent it: the
    // pool's connections carry their own query (lib/db/pool.ts, the audit trail's actor), bound when
    // they connect, so a spy on Client.prototype.query would not see them.
    type Submitted = { text?: string; callback?: (error: Error | null, result?: unknown) => void };
    const submit = pg.Query.prototype.submit as (this: Submitted, connection: unknown) => unknown;
    let out = 0;
    let most = 0;
    let sent = 0;
    const statements = vi.spyOn(pg.Query.prototype, "submit").mockImplementation(function (this: Submitted, connection: unknown) {
      if (typeof this.text === "string" && this.text.includes("people_version")) {
        sent++;
        most = Math.max(most, ++out);
        const answer = this.callback;
        let settled = false;
        this.callback = (error, result) => {
          if (!settled) {
            settled = true;
            out--;
          }
          answer?.(error, result);
        };
      }
      return submit.call(this, connection);
    } as never);
    try {
      // Twenty readers in one tick: the first one's (the version moved: then the changed rows), then
      // one more shared by the nineteen (the version, unchanged since).
      const docs = await Promise.all(Array.from({ length: 20 }, () => peopleListDocument(ctx, {})));
      expect(sent).toBe(3);
      expect(most).toBe(1);
      for (const doc of docs) expect(JSON.parse(Buffer.from(doc.body).toString("utf8")).map((p: { id: string }) => p.id)).toContain(created.body.id);
      expect(docs[0].etag).not.toBe(before.headers.get("etag"));
    } finally {
      statements.mockRestore();
    }
  });

  it("send the copy gzipped, made once, to callers who take gzip, and plain to the others", async () => {
    const plain = await api.get("/api/people", d.admin.token, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const zipped = await api.get("/api/people", d.admin.token, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
    const bytes = Buffer.from(await zipped.response.arrayBuffer());
    expect(JSON.parse(zlib.gunzipSync(bytes).toString("utf8"))).toEqual(plain.body);
    expect((await api.get("/api/people", d.admin.token, { headers: { "accept-encoding": "gzip;q=0" } })).headers.get("content-encoding")).toBeNull();
  });
});
