import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * GET /api/people?q=…&role=…&tag=…: the people page's filters, read a page at a time by the
 * server-rendered list (as the CSV export reads them whole). The list's visibility holds: a
 * filter never shows what the unfiltered list would not.
 */
let d: TestDistrict;
let other: TestDistrict;
let elodie: { id: string; token: string };
let nunez: { id: string; token: string };
let mentor: { id: string; token: string };
let archived: { id: string; token: string };
let tagId: string;
let otherTagId: string;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Filtered"), makeDistrict("Filtered elsewhere")]);
  [elodie, nunez, mentor, archived] = await Promise.all([
    d.addPerson("candidate", { first: "Élodie", last: "Garçon" }),
    d.addPerson("candidate", { first: "Ana", last: "Núñez" }),
    d.addPerson("mentor", { first: "Elo", last: "Mentor" }),
    d.addPerson("candidate", { first: "Elodie", last: "Archived", archived: true }),
  ]);
  await d.assignMentor(mentor.id, nunez.id);
  tagId = (await api.post("/api/tags", d.admin.token, { name: "Cohort A" })).body.id;
  otherTagId = (await api.post("/api/tags", other.admin.token, { name: "Cohort B" })).body.id;
  expect((await api.patch(`/api/people/${nunez.id}`, d.admin.token, { tags: [tagId] })).status).toBe(200);
  await other.addPerson("candidate", { first: "Élodie", last: "Elsewhere" });
});

const idsOf = (body: { id: string }[]) => body.map((p) => p.id);
const list = (query: string, token: string) => api.get(`/api/people?${query}`, token);

describe("GET /api/people with the page's filters", () => {
  it("q matches every word in the name or e-mail, accents and case ignored, without an ETag", async () => {
    const res = await list("q=ELODIE%20garcon", d.admin.token);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([elodie.id]);
    expect(res.headers.get("etag")).toBeNull();
    expect(idsOf((await list("q=nunez", d.admin.token)).body)).toEqual([nunez.id]);
    // A word of the e-mail address, and a word nobody has.
    const email = (await api.get(`/api/people/${elodie.id}`, d.admin.token)).body.email as string;
    expect(idsOf((await list(`q=${encodeURIComponent(email.split("@")[0]!)}`, d.admin.token)).body)).toEqual([elodie.id]);
    expect((await list("q=zzzz", d.admin.token)).body).toEqual([]);
  });

  it("q finds archived people only with archived=true, and never another district's", async () => {
    expect(idsOf((await list("q=elo", d.admin.token)).body).sort()).toEqual([elodie.id, mentor.id].sort());
    expect(idsOf((await list("q=elodie&archived=true", d.admin.token)).body).sort()).toEqual([archived.id, elodie.id].sort());
    expect((await list("q=elsewhere", d.admin.token)).body).toEqual([]);
  });

  it("role and tag keep those holding the role and carrying the tag", async () => {
    expect(idsOf((await list(`role=${d.roles.mentor}`, d.admin.token)).body)).toEqual([mentor.id]);
    expect(idsOf((await list(`tag=${tagId}`, d.admin.token)).body)).toEqual([nunez.id]);
    expect(idsOf((await list(`tag=${tagId}&role=${d.roles.mentor}`, d.admin.token)).body)).toEqual([]);
    expect(idsOf((await list(`tag=${tagId}&q=ana`, d.admin.token)).body)).toEqual([nunez.id]);
  });

  it("pages a filtered list by cursor", async () => {
    const first = await list("q=e&limit=2", d.admin.token);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const rest = await list(`q=e&limit=2&cursor=${encodeURIComponent(cursor!)}`, d.admin.token);
    const all = idsOf((await list("q=e", d.admin.token)).body);
    expect([...idsOf(first.body), ...idsOf(rest.body)]).toEqual(all.slice(0, first.body.length + rest.body.length));
    expect(all.length).toBeGreaterThan(2);
  });

  it("keeps the list's visibility: a mentor finds only their candidates and themself, a candidate only themself", async () => {
    expect(idsOf((await list("q=a", mentor.token)).body).sort()).toEqual([mentor.id, nunez.id].sort());
    expect(idsOf((await list("q=elodie", mentor.token)).body)).toEqual([]);
    expect(idsOf((await list(`tag=${tagId}`, mentor.token)).body)).toEqual([nunez.id]);
    expect(idsOf((await list("q=a", elodie.token)).body)).toEqual([elodie.id]);
  });

  it("another district's role or tag is 404, as an unknown id", async () => {
    for (const query of [`role=${other.roles.mentor}`, `tag=${otherTagId}`, "tag=cm0000000000000000000000"]) {
      const res = await list(query, d.admin.token);
      expect(res.status, query).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("a bad id or an over-long q is 400 on its parameter", async () => {
    for (const [query, path] of [
      ["role=..%2F..%2Fetc", "query.role"],
      ["tag=x'%3B%20drop%20table%20people", "query.tag"],
      [`q=${"a".repeat(201)}`, "query.q"],
    ]) {
      const res = await list(query!, d.admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    }
  });

  it("an API key needs read:people (403 without it, 401 revoked)", async () => {
    expect(idsOf((await list("q=nunez", (await d.addKey(["read:people"])).key)).body)).toEqual([nunez.id]);
    expect((await list("q=nunez", (await d.addKey(["read:interviews"])).key)).status).toBe(403);
    expect((await list("q=nunez", (await d.addKey(["read:people"], { revoked: true })).key)).status).toBe(401);
    expect((await api.get("/api/people?q=nunez", undefined)).status).toBe(401);
  });
});
