import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, type ApiResponse } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * The audit trail's read side: GET /api/audit and GET /api/audit.csv. Only administrators (an
 * admin-kind role: no permission is enough) and keys with the `audit` scope read it; it never
 * holds another district's events, whatever ids a filter names; every filter; paging that covers
 * each event once, in order; the CSV with the same rows. The events come from real writes
 * through the API (captured by the database: migration 20261127150000_audit_capture).
 */

type Event = {
  id: string;
  seq: number;
  at: number;
  actor: { type: string; id: string | null; name: string | null };
  via: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  person_id: string | null;
  changes: any;
  request_id: string | null;
  redacted: boolean;
};

let d: TestDistrict;
let other: TestDistrict;
/** A person of ours, created then changed by our admin, then by a key. */
let person: { id: string };
let tag: { id: string };
let writer: { id: string; key: string };
/** A person of the other district, changed there. */
let theirs: { id: string };

const audit = (query: string, token: string | null = d.admin.token) => api.get(`/api/audit${query}`, token);
const auditCsv = (query: string, token: string | null = d.admin.token) => api.get(`/api/audit.csv${query}`, token);
const events = (res: ApiResponse): Event[] => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events;
};

/** Every event a query lists, page after page (`limit` per page), checking each page's cursor headers. */
async function walk(query: string, limit: number, token = d.admin.token): Promise<Event[]> {
  const all: Event[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const sep = query ? "&" : "?";
    const res = await audit(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, token);
    const page = events(res);
    expect(page.length).toBeLessThanOrEqual(limit);
    all.push(...page);
    cursor = res.body.next_cursor;
    expect(res.headers.get("x-next-cursor")).toBe(cursor);
    if (!cursor) return all;
    expect(page).toHaveLength(limit);
    expect(res.headers.get("link")).toContain(`cursor=${encodeURIComponent(cursor)}`);
  }
  throw new Error("paging did not end");
}

/** The district's events as stored, newest first. */
const stored = async (districtId = d.id) =>
  (await db().auditEvent.findMany({ where: { districtId }, orderBy: { seq: "desc" }, select: { id: true } })).map((e) => e.id);

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Audit"), makeDistrict("Audit other")]);
  const made = await api.post("/api/people", d.admin.token, { first: "Olga", last: "Audited", email: uniqueEmail("olga") });
  expect(made.status).toBe(201);
  person = made.body;
  expect((await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Olivia" })).status).toBe(200);
  tag = (await api.post("/api/tags", d.admin.token, { name: "Audited tag" })).body;
  writer = await d.addKey(["write:people"]);
  expect((await api.patch(`/api/people/${person.id}`, writer.key, { last: "Keyed" })).status).toBe(200);
  const made2 = await api.post("/api/people", other.admin.token, { first: "Theo", last: "Elsewhere", email: uniqueEmail("theo") });
  theirs = made2.body;
  expect((await api.patch(`/api/people/${theirs.id}`, other.admin.token, { first: "Theodore" })).status).toBe(200);
});

describe("who may read the trail", () => {
  const paths = ["/api/audit", "/api/audit.csv"];

  it.each(paths)("%s: 401 without a token, with an unknown token or key, a revoked or expired key, a signed-out session", async (path) => {
    const signedOut = await d.addPerson("admin");
    expect((await api.delete("/api/me", signedOut.token)).status).toBe(200);
    const tokens = [
      null,
      "0".repeat(64),
      "cas_" + "A".repeat(43),
      (await d.addKey(["audit"], { revoked: true })).key,
      (await d.addKey(["audit"], { expiresAt: new Date(Date.now() - 1000) })).key,
      signedOut.token,
    ];
    for (const token of tokens) {
      const res = await api.get(path, token);
      expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 401, code: "unauthorized" });
    }
  });

  it.each(paths)("%s: 403 for every kind of role but admin, and for permissions without the admin kind", async (path) => {
    const people = [
      await d.addPerson("board"),
      await d.addPerson("mentor"),
      await d.addPerson("candidate"),
      await d.addPerson("other"),
      await d.addPerson(null),
      await d.addPersonWith(["settings"]),
      await d.addPersonWith(["people:edit"]),
      await d.addPersonWith(["interviews:edit"]),
      await d.addPersonWith(["people:edit", "interviews:edit", "settings"]),
    ];
    for (const who of people) {
      const res = await api.get(path, who.token);
      expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 403, code: "forbidden" });
      expect(res.body.error.message).toMatch(/admin/);
    }
  });

  it.each(paths)("%s: 403 for a key with every scope but audit", async (path) => {
    const res = await api.get(path, (await d.addKey(ALL_SCOPES.filter((s) => s !== "audit"))).key);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 403, code: "forbidden" });
    expect(res.body.error.message).toContain("audit");
  });

  it.each(paths)("%s: 200 for an administrator and for a key with only the audit scope", async (path) => {
    expect((await api.get(path, d.admin.token)).status).toBe(200);
    expect((await api.get(path, (await d.addKey(["audit"])).key)).status).toBe(200);
    // Another administrator of the district (not the one who set it up) too.
    expect((await api.get(path, (await d.addPerson("admin")).token)).status).toBe(200);
  });

  it("only an administrator hands out a key with the audit scope, or rotates one", async () => {
    const settings = await d.addPersonWith(["settings"]);
    const refused = await api.post("/api/keys", settings.token, { name: "Sneaky", scopes: ["read:people", "audit"] });
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 403, code: "forbidden" });
    expect(await db().apiKey.count({ where: { districtId: d.id, name: "Sneaky" } })).toBe(0);
    expect((await api.post("/api/keys", settings.token, { name: "Reader", scopes: ["read:people"] })).status).toBe(201);

    const made = await api.post("/api/keys", d.admin.token, { name: "HR archive", scopes: ["audit"] });
    expect(made.status).toBe(201);
    const rotated = await api.post(`/api/keys/${made.body.id}/rotate`, settings.token, { grace_seconds: 0 });
    expect({ status: rotated.status, code: rotated.body.error?.code }).toEqual({ status: 403, code: "forbidden" });
    // The refused rotation changed nothing: the key still works.
    expect((await audit("", made.body.key)).status).toBe(200);
    expect((await api.post(`/api/keys/${made.body.id}/rotate`, d.admin.token, { grace_seconds: 0 })).status).toBe(200);
  });
});

describe("the district's trail, and nothing else", () => {
  it("lists the events of the writes, newest first, in the documented shape", async () => {
    const list = events(await audit("?limit=500"));
    expect(list.map((e) => e.id)).toEqual((await stored()).slice(0, 500));
    for (let i = 1; i < list.length; i++) expect(list[i].seq).toBeLessThan(list[i - 1].seq);
    const renamed = list.find((e) => e.action === "person.updated" && e.record_id === person.id && e.actor.id === d.admin.id)!;
    expect(renamed).toMatchObject({
      actor: { type: "person", id: d.admin.id },
      record_type: "person",
      person_id: person.id,
      changes: { first: { old: "Olga", new: "Olivia" } },
      redacted: false,
    });
    expect(renamed.via).toMatch(/^session:/);
    expect(renamed.at).toBeGreaterThan(Date.now() - 10 * 60_000);
    const keyed = list.find((e) => e.action === "person.updated" && e.actor.type === "key")!;
    expect(keyed).toMatchObject({ actor: { id: writer.id }, via: `key:${writer.id}`, changes: { last: { old: "Audited", new: "Keyed" } } });
  });

  it("never shows another district's events: 0 hits, also when a filter names their ids", async () => {
    const ours = new Set(await stored());
    const theirEvents = new Set(await stored(other.id));
    expect(theirEvents.size).toBeGreaterThan(0);
    const all = await walk("", 500);
    expect(all.every((e) => ours.has(e.id) && !theirEvents.has(e.id))).toBe(true);
    for (const query of [
      `?person=${theirs.id}`,
      `?record_type=person&record_id=${theirs.id}`,
      `?actor=${other.admin.id}`,
      `?person=${theirs.id}&action=person.updated`,
    ]) {
      expect(events(await audit(query)), query).toEqual([]);
      expect(events(await audit(query, (await d.addKey(["audit"])).key)), query).toEqual([]);
      const csv = await auditCsv(query);
      expect(csv.status).toBe(200);
      expect(rowsOf(csv)).toEqual([]);
    }
    // Their administrator, reading their own trail, sees their person and none of ours.
    const theirList = events(await audit(`?person=${theirs.id}`, other.admin.token));
    expect(theirList.length).toBeGreaterThan(0);
    expect(events(await audit(`?person=${person.id}`, other.admin.token))).toEqual([]);
  });
});

describe("an erased person", () => {
  it("keeps their events, redacted: no name, no details, in the list and in the CSV", async () => {
    const email = uniqueEmail("erin");
    const erin = (await api.post("/api/people", d.admin.token, { first: "Erin", last: "Erased", email })).body;
    expect((await api.patch(`/api/people/${erin.id}`, d.admin.token, { first: "Erina" })).status).toBe(200);
    const before = events(await audit(`?person=${erin.id}`));
    expect(before.every((e) => !e.redacted)).toBe(true);
    expect((await api.post(`/api/people/${erin.id}/erase`, d.admin.token, { email })).status).toBe(200);

    const after = events(await audit(`?person=${erin.id}`));
    const kept = after.filter((e) => e.action !== "person.erased");
    // Every event is still there, in its place, and says nothing of her.
    expect(kept.map((e) => e.id)).toEqual(expect.arrayContaining(before.map((e) => e.id)));
    for (const e of kept) expect(e).toMatchObject({ redacted: true, changes: { redacted: true }, actor: { name: null } });
    expect(JSON.stringify(after)).not.toContain("Erin");
    const rows = rowsOf(await auditCsv(`?person=${erin.id}`)).filter((r) => r.action !== "person.erased");
    expect(rows.map((r) => [r.redacted, r.actor_name])).toEqual(kept.map(() => ["1", ""]));
    expect(JSON.stringify(rows)).not.toContain("Erin");
  });
});

describe("filters", () => {
  it("person: the events about that person", async () => {
    const list = events(await audit(`?person=${person.id}`));
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((e) => e.person_id === person.id)).toBe(true);
    expect(list.map((e) => e.action)).toEqual(expect.arrayContaining(["person.created", "person.updated"]));
  });

  it("actor: the events done by that person or key", async () => {
    const byKey = events(await audit(`?actor=${writer.id}`));
    expect(byKey.length).toBeGreaterThan(0);
    expect(byKey.every((e) => e.actor.id === writer.id && e.actor.type === "key")).toBe(true);
    const byAdmin = events(await audit(`?actor=${d.admin.id}&limit=500`));
    expect(byAdmin.every((e) => e.actor.id === d.admin.id)).toBe(true);
    expect(byAdmin.some((e) => e.record_id === tag.id)).toBe(true);
  });

  it("record_type and record_id", async () => {
    const tags = events(await audit("?record_type=tag"));
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((e) => e.record_type === "tag")).toBe(true);
    const one = events(await audit(`?record_type=tag&record_id=${tag.id}`));
    expect(one.map((e) => e.action)).toEqual(["tag.created"]);
    expect(events(await audit(`?record_type=person&record_id=${tag.id}`))).toEqual([]);
  });

  it("action: one, or a comma list", async () => {
    const updated = events(await audit("?action=person.updated"));
    expect(updated.length).toBeGreaterThanOrEqual(2);
    expect(updated.every((e) => e.action === "person.updated")).toBe(true);
    const both = events(await audit("?action=person.updated,tag.created&limit=500"));
    expect(new Set(both.map((e) => e.action))).toEqual(new Set(["person.updated", "tag.created"]));
  });

  it("from and to (ms, inclusive)", async () => {
    const all = await walk("", 500);
    const middle = all[Math.floor(all.length / 2)];
    const since = events(await audit(`?from=${middle.at}&limit=500`));
    expect(since.every((e) => e.at >= middle.at)).toBe(true);
    expect(since.map((e) => e.id)).toEqual(all.filter((e) => e.at >= middle.at).map((e) => e.id));
    const until = events(await audit(`?to=${middle.at}&limit=500`));
    expect(until.map((e) => e.id)).toEqual(all.filter((e) => e.at <= middle.at).map((e) => e.id));
    expect(events(await audit(`?from=${middle.at}&to=${middle.at}`)).map((e) => e.id)).toContain(middle.id);
    expect(events(await audit(`?to=${all.at(-1)!.at - 1}`))).toEqual([]);
    expect(events(await audit(`?from=${Date.now() + 60_000}`))).toEqual([]);
  });

  it.each([
    ["an unknown action", "?action=person.exploded"],
    ["an empty action list", "?action=,"],
    ["an unknown record type", "?record_type=planet"],
    ["a record_id without record_type", "?record_id=abc123"],
    ["an id that is not one", "?person=not%20an%20id"],
    ["from that is not ms", "?from=yesterday"],
    ["to before from", "?from=2000&to=1000"],
    ["limit 0", "?limit=0"],
    ["limit over 500", "?limit=501"],
    ["a cursor that is not one", "?cursor=nonsense"],
    ["a cursor of another list", `?cursor=${Buffer.from(JSON.stringify(["Smith", "Ann", "x"])).toString("base64url")}`],
  ])("%s is a 400 validation_error", async (_, query) => {
    const res = await audit(query);
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: "validation_error" });
    expect(res.body.error.details.length).toBeGreaterThan(0);
    if (!query.includes("limit") && !query.includes("cursor")) expect((await auditCsv(query)).status).toBe(400);
  });
});

describe("paging", () => {
  it("pages of any size cover every event exactly once, newest first, 50 by default", async () => {
    const everything = await stored();
    for (const limit of [1, 2, 7]) {
      const walked = await walk("", limit);
      expect(walked.map((e) => e.id)).toEqual(everything);
    }
    const first = await audit("");
    expect(events(first)).toHaveLength(Math.min(50, everything.length));
  });

  it("a filtered list pages with its filter; events written meanwhile are neither repeated nor skipped", async () => {
    const first = await audit(`?person=${person.id}&limit=1`);
    const seen = events(first);
    // A write between pages: newer than the cursor, so on no later page.
    expect((await api.patch(`/api/people/${person.id}`, d.admin.token, { language: "es" })).status).toBe(200);
    const rest = await walk(`?person=${person.id}&cursor=${encodeURIComponent(first.body.next_cursor)}`, 1);
    const ids = [...seen, ...rest].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const now = events(await audit(`?person=${person.id}&limit=500`)).map((e) => e.id);
    expect(ids).toEqual(now.slice(1));
  });
});

/** The CSV's rows (after the header), as records by column. */
function rowsOf(res: ApiResponse): Record<string, string>[] {
  return parse((res.body as string).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
}

describe("GET /api/audit.csv", () => {
  it("has the same rows as the list, with the BOM, CRLF and a header", async () => {
    const res = await auditCsv("");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="audit.csv"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect([...new Uint8Array(await res.response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((res.body as string).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "seq,at,actor_type,actor_id,actor_name,via,action,record_type,record_id,person_id,changes,request_id,redacted,id",
    );
    const listed = await walk("", 500);
    const rows = rowsOf(res);
    expect(rows.map((r) => r.id)).toEqual(listed.map((e) => e.id));
    const row = rows.find((r) => r.action === "person.updated" && r.actor_id === d.admin.id)!;
    const event = listed.find((e) => e.id === row.id)!;
    expect(row).toMatchObject({
      seq: String(event.seq),
      at: new Date(event.at).toISOString(),
      actor_type: "person",
      actor_name: event.actor.name ?? "",
      record_type: "person",
      person_id: person.id,
      redacted: "0",
    });
    expect(JSON.parse(row.changes)).toEqual(event.changes);
  });

  it("takes the same filters", async () => {
    const query = `?person=${person.id}&action=person.updated`;
    const res = await auditCsv(query);
    expect(rowsOf(res).map((r) => r.id)).toEqual(events(await audit(`${query}&limit=500`)).map((e) => e.id));
  });

  it("neutralises a name a spreadsheet would run as a formula", async () => {
    const sly = await d.addPerson("admin", { first: '=HYPERLINK("http://evil")', last: "Sly" });
    expect((await api.post("/api/tags", sly.token, { name: "Sly tag" })).status).toBe(201);
    const rows = rowsOf(await auditCsv(`?actor=${sly.id}`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.actor_name.startsWith("'=")).toBe(true);
    // The list shows the name as it is.
    expect(events(await audit(`?actor=${sly.id}`))[0].actor.name).toMatch(/^=HYPERLINK/);
  });
});
