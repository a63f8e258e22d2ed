import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * `limit` and `cursor` on GET /api/people and GET /api/interviews: pages in the list's order
 * that add up to the whole list, from the shared copy (staff) or by key in the database (others,
 * filters, a cursor whose row moved), with the next page named in X-Next-Cursor and Link.
 */
let d: TestDistrict;
const LASTS = ["Zed", "adams", "Álvarez", "Brown", "brown", "Ito", "Ñúñez", "O'Brien"];

beforeAll(async () => {
  d = await makeDistrict("List pages");
  for (let i = 0; i < 26; i++) await d.addPerson("candidate", { first: `F${i % 5}`, last: LASTS[i % LASTS.length] });
});

type Row = { id: string };

/** Every page of `path`, following X-Next-Cursor, and the pages' sizes. */
async function allPages(path: string, token: string) {
  const rows: Row[] = [];
  const sizes: number[] = [];
  let next: string | null = path;
  while (next) {
    const res: { status: number; body: Row[]; headers: Headers } = await api.get(next, token);
    expect(res.status, next).toBe(200);
    rows.push(...res.body);
    sizes.push(res.body.length);
    const cursor = res.headers.get("x-next-cursor");
    if (cursor) {
      const link: string = res.headers.get("link")!;
      expect(link).toMatch(/^<\/api\/[^>]+>; rel="next"$/);
      const following = link.slice(1, link.indexOf(">"));
      expect(new URL(following, "http://x").searchParams.get("cursor")).toBe(cursor);
      next = following;
    } else next = null;
  }
  return { ids: rows.map((r) => r.id), sizes };
}

describe("paged lists", () => {
  it("people: pages of `limit` rows add up to the whole list, for staff and with archived people", async () => {
    for (const query of ["", "archived=true&"]) {
      const whole = (await api.get(`/api/people?${query}`, d.admin.token)).body.map((r: Row) => r.id);
      const { ids, sizes } = await allPages(`/api/people?${query}limit=7`, d.admin.token);
      expect(ids).toEqual(whole);
      expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
    }
    const one = await api.get("/api/people?limit=10000", d.admin.token);
    expect(one.headers.get("x-next-cursor")).toBeNull();
    expect(one.headers.get("etag")).toBeNull();
  });

  it("a change between pages neither repeats nor skips the rows that stayed, even when the cursor's row moved", async () => {
    const first = await api.get("/api/people?limit=8", d.admin.token);
    const cursor = first.headers.get("x-next-cursor")!;
    const lastSent = first.body[first.body.length - 1] as Row;
    // A new person sorting before the cursor, and the cursor's own row renamed to the end.
    const newcomer = await d.addPerson("candidate", { first: "A", last: "AAA" }); // first in any collation
    await db().person.update({ where: { id: lastSent.id, districtId: d.id }, data: { last: "zzz-moved" } });
    const rest = await allPages(`/api/people?limit=8&cursor=${cursor}`, d.admin.token);
    const now = (await api.get("/api/people", d.admin.token)).body.map((r: Row) => r.id) as string[];
    const sent = first.body.map((r: Row) => r.id) as string[];
    // Every row after the first page's last key, in order: all not sent yet but the newcomer (it
    // sorts before the cursor), and the cursor's row again, since it moved across the boundary.
    expect(rest.ids).toEqual(now.filter((id) => id !== newcomer.id && (!sent.includes(id) || id === lastSent.id)));
    expect(rest.ids.filter((id) => id === lastSent.id)).toHaveLength(1);
  });

  it("a mentor's list pages by key in the database, and stays theirs", async () => {
    const mentor = await d.addPerson("mentor");
    const mine = [];
    for (let i = 0; i < 5; i++) {
      const c = await d.addPerson("candidate", { last: LASTS[i] });
      await d.assignMentor(mentor.id, c.id);
      mine.push(c.id);
    }
    const whole = (await api.get("/api/people", mentor.token)).body.map((r: Row) => r.id);
    expect(whole.sort()).toEqual([mentor.id, ...mine].sort());
    expect((await allPages("/api/people?limit=2", mentor.token)).ids).toEqual((await api.get("/api/people", mentor.token)).body.map((r: Row) => r.id));
  });

  it("interviews: staff pages, filtered pages and a candidate's pages add up to the whole lists", async () => {
    const candidate = await d.addPerson("candidate");
    for (let i = 0; i < 12; i++) {
      const made = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: `2026-0${1 + (i % 3)}-1${i % 4}` });
      if (i % 2) await api.patch(`/api/interviews/${candidate.id}/${made.body.id}`, d.admin.token, { published: 1 });
    }
    for (const [path, token] of [
      ["/api/interviews?", d.admin.token],
      [`/api/interviews?person_id=${candidate.id}&published=1&`, d.admin.token],
      ["/api/interviews?", candidate.token],
    ] as const) {
      const whole = (await api.get(path, token)).body.map((r: Row) => r.id);
      expect(whole.length).toBeGreaterThan(0);
      expect((await allPages(`${path}limit=5`, token)).ids, path).toEqual(whole);
    }
  });

  it("refuses a limit out of range and a cursor it did not make (400), and pages by 1,000 with a cursor alone", async () => {
    for (const query of ["limit=0", "limit=10001", "limit=abc", "cursor=nope", `cursor=${Buffer.from('{"a":1}').toString("base64url")}`]) {
      const res = await api.get(`/api/people?${query}`, d.admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const first = await api.get("/api/people?limit=1", d.admin.token);
    const rest = await api.get(`/api/people?cursor=${first.headers.get("x-next-cursor")}`, d.admin.token);
    expect(rest.status).toBe(200);
    expect(rest.body.length).toBe((await api.get("/api/people", d.admin.token)).body.length - 1);
  });
});
