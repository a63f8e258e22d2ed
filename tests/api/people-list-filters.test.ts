import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * GET /api/people?ids=… and ?role_kind=…: the few people a page names (an interview's
 * candidate, mentors and board) and the mentors a person's page offers, without the whole
 * district's list. The same visibility as the list, and nothing of another district.
 */
let d: TestDistrict;
let other: TestDistrict;
let zed: { id: string; token: string };
let amy: { id: string; token: string };
let gone: { id: string; token: string };
let mentor: { id: string; token: string };
let stranger: { id: string; token: string };
let retired: { id: string; token: string };

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Named"), makeDistrict("Elsewhere")]);
  [zed, amy, gone, mentor, stranger] = await Promise.all([
    d.addPerson("candidate", { first: "Zoe", last: "Zed" }),
    d.addPerson("candidate", { first: "Amy", last: "Ames" }),
    d.addPerson("candidate", { first: "Gil", last: "Gone", archived: true }),
    d.addPerson("mentor", { first: "Max", last: "Mentor" }),
    d.addPerson("candidate", { first: "Sam", last: "Stranger" }),
  ]);
  retired = await d.addPerson("mentor", { first: "Rita", last: "Retired", archived: true });
  await other.addPerson("mentor", { first: "Olaf", last: "Otherplace" });
  await d.assignMentor(mentor.id, zed.id);
});

const named = (ids: string[], extra = "") => `/api/people?ids=${ids.map(encodeURIComponent).join(",")}${extra}`;
const idsOf = (body: { id: string }[]) => body.map((p) => p.id);

describe("GET /api/people?ids=", () => {
  it("lists only the people named, in the list's order (last, first), without an ETag", async () => {
    const res = await api.get(named([zed.id, amy.id, zed.id]), d.admin.token);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([amy.id, zed.id]);
    expect(res.body[0]).toMatchObject({ first: "Amy", last: "Ames", avatar_url: null, district_id: d.id });
    expect(res.headers.get("etag")).toBeNull();
  });

  it("leaves out unknown ids and another district's people (never an error)", async () => {
    const res = await api.get(named([amy.id, other.admin.id, "cm0000000000000000000000"]), d.admin.token);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([amy.id]);
    const theirs = await api.get(named([amy.id, zed.id]), other.admin.token);
    expect(theirs.body).toEqual([]);
  });

  it("names archived people only with archived=true", async () => {
    expect(idsOf((await api.get(named([gone.id, amy.id]), d.admin.token)).body)).toEqual([amy.id]);
    expect(idsOf((await api.get(named([gone.id, amy.id], "&archived=true"), d.admin.token)).body)).toEqual([amy.id, gone.id]);
  });

  it("keeps the list's visibility: a mentor gets themself and their candidates, a candidate only themself", async () => {
    const asMentor = await api.get(named([zed.id, stranger.id, mentor.id, d.admin.id]), mentor.token);
    expect(asMentor.status).toBe(200);
    expect(idsOf(asMentor.body).sort()).toEqual([mentor.id, zed.id].sort());
    const asCandidate = await api.get(named([zed.id, amy.id, mentor.id]), amy.token);
    expect(idsOf(asCandidate.body)).toEqual([amy.id]);
  });

  it("pages like the list (limit, X-Next-Cursor)", async () => {
    const first = await api.get(named([zed.id, amy.id, stranger.id], "&limit=2"), d.admin.token);
    expect(idsOf(first.body)).toEqual([amy.id, stranger.id]);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const rest = await api.get(named([zed.id, amy.id, stranger.id], `&limit=2&cursor=${encodeURIComponent(cursor!)}`), d.admin.token);
    expect(idsOf(rest.body)).toEqual([zed.id]);
    expect(rest.headers.get("x-next-cursor")).toBeNull();
  });

  it("an API key needs read:people (403 without it, 401 revoked)", async () => {
    const reader = await d.addKey(["read:people"]);
    expect(idsOf((await api.get(named([amy.id]), reader.key)).body)).toEqual([amy.id]);
    expect((await api.get(named([amy.id]), (await d.addKey(["read:interviews"])).key)).status).toBe(403);
    expect((await api.get(named([amy.id]), (await d.addKey(["read:people"], { revoked: true })).key)).status).toBe(401);
    expect((await api.get(named([amy.id]), undefined)).status).toBe(401);
  });

  it("role_kind lists those holding a role of that kind, archived ones only with archived=true", async () => {
    const mentors = await api.get("/api/people?role_kind=mentor", d.admin.token);
    expect(mentors.status).toBe(200);
    expect(idsOf(mentors.body)).toEqual([mentor.id]);
    expect(mentors.headers.get("etag")).toBeNull();
    expect(idsOf((await api.get("/api/people?role_kind=mentor&archived=true", d.admin.token)).body)).toEqual([mentor.id, retired.id]);
    // A secondary role counts too; another district's mentors never.
    expect((await api.patch(`/api/people/${stranger.id}`, d.admin.token, { roles: { [d.roles.candidate]: 1, [d.roles.mentor]: 2 } })).status).toBe(200);
    expect(idsOf((await api.get("/api/people?role_kind=mentor", d.admin.token)).body)).toEqual([mentor.id, stranger.id]);
    expect(idsOf((await api.get("/api/people?role_kind=mentor", other.admin.token)).body)).toHaveLength(1);
    expect(idsOf((await api.get(named([zed.id, mentor.id], "&role_kind=mentor"), d.admin.token)).body)).toEqual([mentor.id]);
    // The list's visibility: a candidate sees no mentor there, not even their own.
    expect((await api.get("/api/people?role_kind=mentor", zed.token)).body).toEqual([]);
  });

  it("an unknown role_kind is 400 on query.role_kind", async () => {
    const res = await api.get("/api/people?role_kind=wizard", d.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("query.role_kind");
  });

  it("an empty list, a bad id or more than 100 ids is 400 on query.ids", async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `cm${String(i).padStart(22, "0")}`);
    for (const query of ["/api/people?ids=", "/api/people?ids=,,", named(["../../etc/passwd"]), named([amy.id, "x'; drop table people;--"]), named(tooMany)]) {
      const res = await api.get(query, d.admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details[0].path).toBe("query.ids");
    }
  });
});
