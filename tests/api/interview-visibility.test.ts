import { beforeAll, describe, expect, it } from "vitest";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * The contract's visibility rule, viewer by viewer: admins and board members see every
 * interview with private fields; the assigned mentor and the candidate see only published
 * ones, without private fields; everybody else sees nothing and gets 404s.
 */

type Viewer = "admin" | "board" | "assigned mentor" | "other mentor" | "the candidate" | "another candidate";

let d: TestDistrict;
const tokens = {} as Record<Viewer, string>;
let candidateId: string;
const interviews = {} as Record<"published" | "unpublished", string>;

const label = (en: string) => ({ en });
const FIELDS = [
  { id: "open", type: "text", label: label("Open") },
  { id: "secret", type: "text", label: label("Private"), p: 1 },
  { id: "score", type: "dropdown", label: label("Score"), options: [label("1"), label("2")], p: 1 },
  { id: "docs", type: "file", label: label("Documents") },
];

beforeAll(async () => {
  d = await makeDistrict("Visibility");
  const [board, assigned, otherMentor, candidate, another] = await Promise.all([
    d.addPerson("board"),
    d.addPerson("mentor"),
    d.addPerson("mentor"),
    d.addPerson("candidate"),
    d.addPerson("candidate"),
  ]);
  await d.assignMentor(assigned.id, candidate.id);
  await d.assignMentor(otherMentor.id, another.id);
  Object.assign(tokens, {
    admin: d.admin.token,
    board: board.token,
    "assigned mentor": assigned.token,
    "other mentor": otherMentor.token,
    "the candidate": candidate.token,
    "another candidate": another.token,
  });
  candidateId = candidate.id;
  const formId = (await api.post("/api/forms", d.admin.token, { name: "Form", fields: FIELDS })).body.id;
  for (const state of ["published", "unpublished"] as const) {
    const i = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: state === "published" ? "2026-05-02" : "2026-05-01", form_id: formId });
    const form = new FormData();
    form.set("file", new File(["pdf"], "a.pdf", { type: "application/pdf" }));
    form.set("field_id", "docs");
    expect((await call("POST", `/api/interviews/${candidate.id}/${i.body.id}/files`, { token: d.admin.token, form })).status).toBe(201);
    const patched = await api.patch(`/api/interviews/${candidate.id}/${i.body.id}`, d.admin.token, {
      responses: { open: { en: "shared" }, secret: { en: "board only" }, score: 2 },
      published: state === "published" ? 1 : 0,
    });
    expect(patched.status).toBe(200);
    interviews[state] = i.body.id;
  }
  // Another candidate's published interview, which the candidate's mentor must not see.
  const theirs = await api.post(`/api/interviews/${another.id}`, d.admin.token, { date: "2026-05-03" });
  await api.patch(`/api/interviews/${another.id}/${theirs.body.id}`, d.admin.token, { published: 1 });
});

const SEES: Record<Viewer, { published: boolean; unpublished: boolean; person: boolean; privateFields: boolean }> = {
  admin: { published: true, unpublished: true, person: true, privateFields: true },
  board: { published: true, unpublished: true, person: true, privateFields: true },
  "assigned mentor": { published: true, unpublished: false, person: true, privateFields: false },
  "other mentor": { published: false, unpublished: false, person: false, privateFields: false },
  "the candidate": { published: true, unpublished: false, person: true, privateFields: false },
  "another candidate": { published: false, unpublished: false, person: false, privateFields: false },
};

const cases = (Object.keys(SEES) as Viewer[]).flatMap((viewer) =>
  (["published", "unpublished"] as const).map((state) => ({ viewer, state, sees: SEES[viewer][state], ...SEES[viewer] })),
);

describe.each(cases)("$viewer × $state interview", ({ viewer, state, sees, person, privateFields }) => {
  it(`GET /api/interviews ${sees ? "lists" : "does not list"} it`, async () => {
    const res = await api.get("/api/interviews", tokens[viewer]);
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id).includes(interviews[state])).toBe(sees);
    for (const x of res.body) expect(x).not.toHaveProperty("responses");
  });

  it(`GET /api/interviews/:personId ${person ? (sees ? "lists it" : "omits it") : "is 404"}`, async () => {
    const res = await api.get(`/api/interviews/${candidateId}`, tokens[viewer]);
    if (!person) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      return;
    }
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id).includes(interviews[state])).toBe(sees);
  });

  it(`GET /api/interviews/:personId/:id is ${sees ? (privateFields ? "200 with private fields" : "200 without private fields") : "404"}`, async () => {
    const res = await api.get(`/api/interviews/${candidateId}/${interviews[state]}`, tokens[viewer]);
    if (!sees) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      return;
    }
    expect(res.status).toBe(200);
    expect(res.body.responses.open).toEqual({ en: "shared" });
    expect(Object.keys(res.body.responses.docs)).toHaveLength(1);
    if (privateFields) {
      expect(res.body.responses).toMatchObject({ secret: { en: "board only" }, score: 2 });
    } else {
      expect(res.body.responses).not.toHaveProperty("secret");
      expect(res.body.responses).not.toHaveProperty("score");
      expect(JSON.stringify(res.body)).not.toContain("board only");
    }
  });
});

describe("mentors and candidates", () => {
  it("a mentor lists only their own candidates' published interviews", async () => {
    const res = await api.get("/api/interviews", tokens["assigned mentor"]);
    expect(res.body.map((x: { person_id: string }) => x.person_id)).toEqual([candidateId]);
    const other = await api.get("/api/interviews", tokens["other mentor"]);
    expect(other.body.every((x: { person_id: string }) => x.person_id !== candidateId)).toBe(true);
    expect(other.body).toHaveLength(1);
  });

  it("a candidate's own list holds only their published interview", async () => {
    const res = await api.get("/api/interviews", tokens["the candidate"]);
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([interviews.published]);
    expect((await api.get("/api/interviews?published=0", tokens["the candidate"])).body).toEqual([]);
  });

  it("an API key with read:interviews sees everything, private fields included", async () => {
    const { key } = await d.addKey(["read:interviews"]);
    const res = await api.get(`/api/interviews/${candidateId}/${interviews.unpublished}`, key);
    expect(res.status).toBe(200);
    expect(res.body.responses).toMatchObject({ secret: { en: "board only" }, score: 2 });
  });

  it("an unknown person is 404, a visible person without interviews is []", async () => {
    expect((await api.get("/api/interviews/nobody", d.admin.token)).status).toBe(404);
    const fresh = await d.addPerson("candidate");
    expect((await api.get(`/api/interviews/${fresh.id}`, d.admin.token)).body).toEqual([]);
    expect((await api.get(`/api/interviews/${fresh.id}`, fresh.token)).body).toEqual([]);
  });
});

describe("preview as candidate or mentor (?view=)", () => {
  it("staff get the interview without private fields, exactly as the candidate does", async () => {
    for (const view of ["candidate", "mentor"]) {
      const preview = await api.get(`/api/interviews/${candidateId}/${interviews.published}?view=${view}`, tokens.board);
      const asCandidate = await api.get(`/api/interviews/${candidateId}/${interviews.published}`, tokens["the candidate"]);
      expect(preview.status).toBe(200);
      expect(preview.body.responses).toEqual(asCandidate.body.responses);
      expect(JSON.stringify(preview.body)).not.toContain("board only");
    }
  });

  it("works before publishing, when the candidate cannot see the interview yet", async () => {
    const res = await api.get(`/api/interviews/${candidateId}/${interviews.unpublished}?view=candidate`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(0);
    expect(Object.keys(res.body.responses).sort()).toEqual(["docs", "open"]);
  });

  it("gives a candidate nothing more than their own view, and an unknown view is 400", async () => {
    const res = await api.get(`/api/interviews/${candidateId}/${interviews.published}?view=mentor`, tokens["the candidate"]);
    expect(res.status).toBe(200);
    expect(res.body.responses).not.toHaveProperty("secret");
    expect((await api.get(`/api/interviews/${candidateId}/${interviews.unpublished}?view=candidate`, tokens["the candidate"])).status).toBe(404);
    const bad = await api.get(`/api/interviews/${candidateId}/${interviews.published}?view=admin`, tokens.board);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("query.view");
  });
});

describe("form definitions", () => {
  it("candidates and mentors read forms without the private fields; staff read them whole", async () => {
    const list = await api.get("/api/forms", d.admin.token);
    const formId = list.body[0].id;
    expect((await api.get(`/api/forms/${formId}`, tokens.board)).body.fields.map((f: { id: string }) => f.id)).toEqual(["open", "secret", "score", "docs"]);
    for (const viewer of ["assigned mentor", "the candidate"] as const) {
      const one = await api.get(`/api/forms/${formId}`, tokens[viewer]);
      expect(one.status).toBe(200);
      expect(one.body.fields.map((f: { id: string }) => f.id)).toEqual(["open", "docs"]);
      expect(JSON.stringify(one.body)).not.toContain("Private");
      const all = await api.get("/api/forms", tokens[viewer]);
      expect(all.body[0].fields.map((f: { id: string }) => f.id)).toEqual(["open", "docs"]);
    }
  });
});
