import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * GET /api/people and GET /api/interviews are served from a per-district cache with an ETag:
 * these tests make sure a change of any kind, by any path, is visible on the very next read,
 * and that a cached copy never crosses districts or visibility.
 */
let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("List cache"), makeDistrict("List cache other")]);
});

const list = (token: string, query = "", headers: Record<string, string> = {}) => api.get(`/api/people${query}`, token, { headers });
const emails = (res: { body: { email: string }[] }) => res.body.map((p) => p.email);

describe("GET /api/people: ETag and revalidation", () => {
  it("sends an ETag to staff and answers 304 with no body when it still matches", async () => {
    const first = await list(d.admin.token);
    const etag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"people:/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await list(d.admin.token, "", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.response.text()).toBe("");
    expect((await list(d.admin.token, "", { "if-none-match": 'W/"something-else"' })).status).toBe(200);
  });

  it("shows every change on the next read: create, rename, archive, delete", async () => {
    const before = await list(d.admin.token);
    const email = uniqueEmail("fresh");
    const created = await api.post("/api/people", d.admin.token, { first: "Fresh", last: "Person", email });
    expect(created.status).toBe(201);
    const afterCreate = await list(d.admin.token, "", { "if-none-match": before.headers.get("etag")! });
    expect(afterCreate.status).toBe(200);
    expect(emails(afterCreate)).toContain(email);
    expect(afterCreate.headers.get("etag")).not.toBe(before.headers.get("etag"));

    await api.patch(`/api/people/${created.body.id}`, d.admin.token, { first: "Renamed" });
    expect((await list(d.admin.token)).body.find((p: { id: string }) => p.id === created.body.id).first).toBe("Renamed");

    await api.patch(`/api/people/${created.body.id}`, d.admin.token, { archived: 1 });
    expect(emails(await list(d.admin.token))).not.toContain(email);
    expect(emails(await list(d.admin.token, "?archived=true"))).toContain(email);

    await api.delete(`/api/people/${created.body.id}`, d.admin.token);
    expect(emails(await list(d.admin.token, "?archived=true"))).not.toContain(email);
  });

  it("sees changes made outside the API too (another process, the ops command, SQL)", async () => {
    const person = await d.addPerson("candidate");
    await list(d.admin.token);
    await db().person.update({ where: { id: person.id, districtId: d.id }, data: { last: "Changed-by-SQL" } });
    expect((await list(d.admin.token)).body.find((p: { id: string }) => p.id === person.id).last).toBe("Changed-by-SQL");
    await db().$executeRaw`update people set language = 'fr' where id = ${person.id}`;
    expect((await list(d.admin.token)).body.find((p: { id: string }) => p.id === person.id).language).toBe("fr");
  });

  it("a change in one district leaves the other's copy and ETag alone, and never mixes them", async () => {
    const theirs = await list(other.admin.token);
    await api.post("/api/people", d.admin.token, { first: "Only", last: "Here", email: uniqueEmail("here") });
    const again = await list(other.admin.token, "", { "if-none-match": theirs.headers.get("etag")! });
    expect(again.status).toBe(304);
    const mine = await list(d.admin.token);
    expect(mine.body.every((p: { district_id: string }) => p.district_id === d.id)).toBe(true);
    expect((await list(other.admin.token)).body.every((p: { district_id: string }) => p.district_id === other.id)).toBe(true);
  });

  it("mentors get their own list, without the staff copy or its ETag", async () => {
    const mentor = await d.addPerson("mentor");
    const candidate = await d.addPerson("candidate");
    await d.assignMentor(mentor.id, candidate.id);
    const staff = await list(d.admin.token);
    const res = await list(mentor.token, "", { "if-none-match": staff.headers.get("etag")! });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.body.map((p: { id: string }) => p.id).sort()).toEqual([mentor.id, candidate.id].sort());
  });
});

describe("GET /api/interviews: ETag and revalidation", () => {
  const interviews = (token: string, query = "", headers: Record<string, string> = {}) => api.get(`/api/interviews${query}`, token, { headers });

  it("staff get an ETag and 304; any change to an interview (answers included) shows on the next read", async () => {
    const candidate = await d.addPerson("candidate");
    const form = await api.post("/api/forms", d.admin.token, { name: "Cache form", fields: [{ id: "notes", type: "text", label: { en: "Notes" } }] });
    const created = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-01", form_id: form.body.id });
    const first = await interviews(d.admin.token);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"interviews:/);
    expect(first.body.map((i: { id: string }) => i.id)).toContain(created.body.id);
    expect((await interviews(d.admin.token, "", { "if-none-match": etag })).status).toBe(304);

    await api.patch(`/api/interviews/${candidate.id}/${created.body.id}`, d.admin.token, { responses: { notes: { en: "x" } } });
    const afterAnswer = await interviews(d.admin.token, "", { "if-none-match": etag });
    expect(afterAnswer.status).toBe(200);
    expect(afterAnswer.headers.get("etag")).not.toBe(etag);

    await api.patch(`/api/interviews/${candidate.id}/${created.body.id}`, d.admin.token, { date: "2026-03-02", published: 1 });
    const moved = (await interviews(d.admin.token)).body.find((i: { id: string }) => i.id === created.body.id);
    expect(moved).toMatchObject({ date: "2026-03-02", published: 1 });

    await api.delete(`/api/interviews/${candidate.id}/${created.body.id}`, d.admin.token);
    expect((await interviews(d.admin.token)).body.map((i: { id: string }) => i.id)).not.toContain(created.body.id);
  });

  it("filtered lists and the lists of mentors and candidates are built for the caller, without the staff copy", async () => {
    const mentor = await d.addPerson("mentor");
    const candidate = await d.addPerson("candidate");
    await d.assignMentor(mentor.id, candidate.id);
    const draft = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-04-01" });
    const shown = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-04-02" });
    await api.patch(`/api/interviews/${candidate.id}/${shown.body.id}`, d.admin.token, { published: 1 });
    const staffEtag = (await interviews(d.admin.token)).headers.get("etag")!;

    for (const token of [mentor.token, candidate.token]) {
      const res = await interviews(token, "", { "if-none-match": staffEtag });
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toBeNull();
      expect(res.body.map((i: { id: string }) => i.id)).toEqual([shown.body.id]);
    }
    const filtered = await interviews(d.admin.token, `?person_id=${candidate.id}&published=0`, { "if-none-match": staffEtag });
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get("etag")).toBeNull();
    expect(filtered.body.map((i: { id: string }) => i.id)).toEqual([draft.body.id]);
  });
});
