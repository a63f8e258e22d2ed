import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { runPeopleImport } from "@/lib/people/run-people-import";
import { api, call, type ApiResponse } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * POST /api/people/import as a job, through the HTTP stack with a worker in this process: a file
 * over 10,000 rows (or 4 MB, or any with `Prefer: respond-async`) is answered 202 with a status
 * resource that GET /api/people/import/jobs/:id follows (state, rows done of total, then the report or
 * the error); still all rows or none. Small files keep their synchronous answer.
 */

let d: TestDistrict;
let other: TestDistrict;
beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Import jobs"), makeDistrict("Import jobs other")]);
});

const WAIT = { timeout: 120_000, interval: 200 };
const HEADER = "first,last,email,language,primary_role,other_roles,tags,archived";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n") + "\r\n";
const send = (body: string | Uint8Array, options: { token?: string; dryRun?: boolean; headers?: Record<string, string> } = {}) =>
  call("POST", `/api/people/import${options.dryRun ? "?dry_run=true" : ""}`, {
    token: options.token ?? d.admin.token,
    rawBody: body,
    headers: { "content-type": "text/csv", ...options.headers },
  });
const async = { prefer: "respond-async" };
const peopleCount = (districtId = d.id) => db().person.count({ where: { districtId } });

/** Polls the import until it is done or failed, keeping every rows_done seen. */
async function settle(id: string, token = d.admin.token) {
  const seen: number[] = [];
  let last: ApiResponse | undefined;
  await expect
    .poll(async () => {
      last = await api.get(`/api/people/import/jobs/${id}`, token);
      expect(last.status).toBe(200);
      seen.push(last.body.rows_done);
      return last.body.state;
    }, WAIT)
    .toMatch(/^(done|failed)$/);
  return { job: last!.body, seen };
}

describe("which imports are jobs", () => {
  it("a small file is answered at once with its report, as before", async () => {
    const res = await send(csv(`Sync,Small,${uniqueEmail("s")},,,,,`));
    expect(res.status).toBe(200);
    expect(res.body.counts.create).toBe(1);
  });

  it("over 10,000 rows: 202 with the status resource (Location), done later with the same report a request would give; nothing written by a dry run", async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `Big${i},Dry,big${i}-${d.id}@example.test,,Candidate,,,0`);
    const before = await peopleCount();
    const res = await send(csv(...rows), { dryRun: true });
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe(`${serviceOrigin()}/api/people/import/jobs/${res.body.id}`);
    expect(res.headers.get("preference-applied")).toBeNull();
    expect(res.body).toMatchObject({
      state: "queued",
      dry_run: true,
      rows_total: 10_001,
      rows_done: 0,
      report: null,
      error: null,
      status_url: res.headers.get("location"),
    });
    const { job } = await settle(res.body.id);
    expect(job).toMatchObject({
      state: "done",
      rows_total: 10_001,
      rows_done: 10_001,
      error: null,
      started_at: expect.any(Number),
      finished_at: expect.any(Number),
    });
    expect(job.report).toMatchObject({ dry_run: true, counts: { rows: 10_001, create: 10_001, refuse: 0 } });
    expect(job.report.rows).toHaveLength(10_001);
    expect(await peopleCount()).toBe(before);
    // The stored file is dropped once the import has run.
    expect((await db().peopleImport.findFirstOrThrow({ where: { id: res.body.id, districtId: d.id } })).file).toBeNull();
  });

  it("Prefer: respond-async makes any import a job; applied, every row is written in one transaction and rows_done reaches rows_total", async () => {
    const emails = [uniqueEmail("a"), uniqueEmail("a")];
    const res = await send(csv(...emails.map((e, i) => `Async${i},Applied,${e},es,Candidate,,,0`)), { headers: async });
    expect(res.status).toBe(202);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    const { job, seen } = await settle(res.body.id);
    expect(job).toMatchObject({ state: "done", dry_run: false, rows_total: 2, rows_done: 2 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(job.report.counts).toMatchObject({ create: 2 });
    for (const [i, email] of emails.entries()) {
      const person = await api.get(`/api/people/${job.report.rows[i].person_id}`, d.admin.token);
      expect(person.body).toMatchObject({ email, language: "es", first: `Async${i}` });
    }
  });

  it("a file over 4 MB is not read by the request: the job finds its problems, and the import fails with the error the request would have answered", async () => {
    // Latin-1 bytes on the third line, after 4 MB of valid rows.
    const filler = Array.from({ length: 70_000 }, (_, i) => `Fill${i},Er,fill${i}-${d.id}@example.test,,,,,0`).join("\n");
    const text = new TextEncoder().encode(`${HEADER}\nFirst,Row,${uniqueEmail()},,,,,0\n`);
    const body = new Uint8Array([...text, ...new TextEncoder().encode("Jos"), 0xe9, ...new TextEncoder().encode(`,Latin,${uniqueEmail()},,,,,0\n${filler}\n`)]);
    expect(body.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    const before = await peopleCount();
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ state: "queued", rows_total: null });
    const { job } = await settle(res.body.id);
    expect(job).toMatchObject({ state: "failed", report: null, error: { code: "validation_error", message: expect.stringMatching(/not UTF-8.*line 3/) } });
    expect(await peopleCount()).toBe(before);
  });
});

describe("all rows or none", () => {
  it("a refused row fails the whole job with each problem in details; nothing is written", async () => {
    const before = await peopleCount();
    const res = await send(csv(`Good,Row,${uniqueEmail("g")},,,,,0`, `Bad,Row,not-an-email,,,,,0`, `Also,Bad,${uniqueEmail("g")},,No such role,,,0`), {
      headers: async,
    });
    expect(res.status).toBe(202);
    const { job } = await settle(res.body.id);
    expect(job.state).toBe("failed");
    expect(job.error.code).toBe("validation_error");
    expect(job.error.details.map((x: { path: string }) => x.path)).toEqual(["rows.3.email", "rows.4.primary_role"]);
    expect(await peopleCount()).toBe(before);
  });

  it("the same Idempotency-Key replays the 202 of the first request: one import, not two", async () => {
    const body = csv(`Once,Only,${uniqueEmail("once")},,,,,0`);
    const headers = { ...async, "idempotency-key": `import-${Date.now()}` };
    const first = await send(body, { headers });
    const again = await send(body, { headers });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    expect((await settle(first.body.id)).job.report.counts.create).toBe(1);
    expect(await db().peopleImport.count({ where: { districtId: d.id, id: first.body.id } })).toBe(1);
  });
});

describe("who may follow an import", () => {
  it("the district's people editors and write:people keys; another district's id is 404; 403 and 401 as for the import", async () => {
    const res = await send(csv(`Watched,Import,${uniqueEmail("w")},,,,,0`), { dryRun: true, headers: async });
    const path = `/api/people/import/jobs/${res.body.id}`;
    await settle(res.body.id);
    expect((await api.get(path, (await d.addKey(["write:people"])).key)).status).toBe(200);
    expect((await api.get(path, (await d.addPersonWith(["people:edit"])).token)).status).toBe(200);
    expect((await api.get(path, other.admin.token)).status).toBe(404);
    expect((await api.get(path, (await d.addKey(["read:people"])).key)).status).toBe(403);
    expect((await api.get(path, (await d.addPerson("board")).token)).status).toBe(403);
    expect((await api.get(path, null)).status).toBe(401);
  });

  it("an import runs with its starter's rights as they are when it runs: a key revoked, a person archived or without people:edit since, and it fails unwritten", async () => {
    const body = new TextEncoder().encode(csv(`Late,Rights,${uniqueEmail("lr")},,,,,0`)) as Uint8Array<ArrayBuffer>;
    const key = await d.addKey(["write:people"]);
    const editor = await d.addPersonWith(["people:edit"]);
    const archived = await d.addPerson("admin");
    // Each queued as POST would queue it, then the starter's rights change before the job runs it (here, directly).
    const starters = [
      {
        who: { keyId: key.id },
        change: () => db().apiKey.updateMany({ where: { id: key.id, districtId: d.id }, data: { revokedAt: new Date() } }),
        why: /revoked/,
      },
      {
        who: { personId: editor.id },
        change: () => db().role.updateMany({ where: { id: editor.roleId, districtId: d.id }, data: { permissions: [] } }),
        why: /may no longer edit people/,
      },
      {
        who: { personId: archived.id },
        change: () => db().person.updateMany({ where: { id: archived.id, districtId: d.id }, data: { archived: true } }),
        why: /archived/,
      },
    ];
    const before = await peopleCount();
    for (const { who, change, why } of starters) {
      const record = await db().peopleImport.create({ data: { districtId: d.id, dryRun: false, rowsTotal: 1, file: body, ...who } });
      await change();
      const info = { id: "job", queue: "people-import" as const, retryCount: 0, retryLimit: 2, isLastAttempt: false };
      expect(await runPeopleImport({ districtId: d.id, importId: record.id }, info)).toEqual({ failed: "forbidden" });
      const { job } = await settle(record.id);
      expect(job).toMatchObject({ state: "failed", error: { code: "forbidden", message: expect.stringMatching(why) } });
    }
    expect(await peopleCount()).toBe(before);
  });
});
