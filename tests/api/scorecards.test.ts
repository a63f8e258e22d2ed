import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { interviewSchema } from "@/lib/interviews/schemas";
import { scorecardSchema } from "@/lib/scorecards/schemas";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { label, SCORECARD_FORM } from "../helpers/scorecards";

/**
 * Board scorecards over the HTTP contract: who may read and fill them (by role, by board, by
 * district; 401/403/404), bad bodies, blindness until submitted, 409 after submitting, reopening,
 * members submitting at once and the board's decision with its tally. Realtime and webhooks:
 * scorecards-events.test.ts.
 */

type Person = { id: string; token: string };
let d: TestDistrict;
let other: TestDistrict;
let members: Person[];
let people: Record<"candidate" | "mentor" | "otherBoard" | "editor", Person>;
let formId: string;
let boardId: string;

const base = (candidateId: string, interviewId: string) => `/api/interviews/${candidateId}/${interviewId}`;

/** A published interview of a fresh candidate (with the mentor assigned), held by the board. */
async function newInterview() {
  const candidate = await d.addPerson("candidate");
  await d.assignMentor(people.mentor.id, candidate.id);
  const created = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-01", form_id: formId, board_id: boardId });
  expect(created.status).toBe(201);
  expect((await api.patch(base(candidate.id, created.body.id), d.admin.token, { published: 1 })).status).toBe(200);
  return { candidate, path: base(candidate.id, created.body.id), id: created.body.id as string };
}

const save = (path: string, who: Person, body: unknown) => api.put(`${path}/scorecards/me`, who.token, { body });
const submit = (path: string, who: Person) => api.post(`${path}/scorecards/me/submit`, who.token);
const seen = async (path: string, token: string) => {
  const res = await api.get(`${path}/scorecards`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { member_id: string; submitted: number }[]).map((c) => `${c.member_id}:${c.submitted}`).sort();
};

beforeAll(async () => {
  d = await makeDistrict("Scorecards");
  other = await makeDistrict("Other scorecards");
  members = await Promise.all([d.addPerson("board"), d.addPerson("board"), d.addPerson("board")]);
  people = {
    candidate: await d.addPerson("candidate"),
    mentor: await d.addPerson("mentor"),
    otherBoard: await d.addPerson("board"),
    editor: await d.addPersonWith(["interviews:edit"]),
  };
  const form = await api.post("/api/forms", d.admin.token, { name: "Scored", fields: SCORECARD_FORM });
  expect(form.status).toBe(201);
  formId = form.body.id;
  boardId = (await api.post("/api/boards", d.admin.token, { name: "Panel", members: members.map((m) => m.id) })).body.id;
  await api.post("/api/boards", d.admin.token, { name: "Another panel", members: [people.otherBoard.id] });
});

describe("scorecard fields of a form", () => {
  it("are flagged `scorecard: 1`, never on a file field, and hidden from candidates and mentors with their labels", async () => {
    const bad = await api.post("/api/forms", d.admin.token, { name: "Bad", fields: [{ id: "f", type: "file", label: label("F"), scorecard: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: "fields.0.scorecard" })]);
    const asBoard = await api.get(`/api/forms/${formId}`, members[0].token);
    expect(asBoard.body.fields.filter((f: { scorecard?: number }) => f.scorecard === 1).map((f: { id: string }) => f.id)).toEqual(["fit", "concerns"]);
    const { candidate } = await newInterview();
    const asCandidate = await api.get(`/api/forms/${formId}`, candidate.token);
    expect(asCandidate.body.fields.map((f: { id: string }) => f.id)).toEqual(["open", "docs"]);
  });

  it("are refused in the interview's shared responses (400 naming each), and nothing of that PATCH is written", async () => {
    const { path } = await newInterview();
    const res = await api.patch(path, d.admin.token, { responses: { open: { en: "shared" }, fit: 2, concerns: null } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual(["responses.concerns", "responses.fit"]);
    expect((await api.get(path, d.admin.token)).body.responses).toEqual({});
  });

  it("an answer stored before the field became a scorecard field is no longer shown in responses", async () => {
    const plainForm = await api.post("/api/forms", d.admin.token, { name: "Later scored", fields: [{ id: "fit", type: "checkbox", label: label("Fit") }] });
    const candidate = await d.addPerson("candidate");
    const i = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-02", form_id: plainForm.body.id });
    expect((await api.patch(base(candidate.id, i.body.id), d.admin.token, { responses: { fit: 1 } })).body.responses).toEqual({ fit: 1 });
    await api.patch(`/api/forms/${plainForm.body.id}`, d.admin.token, { fields: [{ id: "fit", type: "checkbox", label: label("Fit"), scorecard: 1 }] });
    expect((await api.get(base(candidate.id, i.body.id), d.admin.token)).body.responses).toEqual({});
  });
});

describe("who reaches an interview's scorecards", () => {
  it("GET: admins, read:interviews keys and the board's members; 403 for other readers of the interview; 404 where the interview is not theirs to see; 401 without a valid token", async () => {
    const { path, candidate } = await newInterview();
    expect((await save(path, members[0], { recommendation: 3 })).status).toBe(200);
    const readKey = await d.addKey(["read:interviews"]);
    const writeKey = await d.addKey(["write:interviews"]);
    const revoked = await d.addKey(["read:interviews"], { revoked: true });
    const expectations: [string, string | null, number][] = [
      ["admin", d.admin.token, 200],
      ["read:interviews key", readKey.key, 200],
      ["board member", members[1].token, 200],
      ["write-only key", writeKey.key, 403],
      ["candidate", candidate.token, 403],
      ["mentor", people.mentor.token, 403],
      ["another board's member", people.otherBoard.token, 403],
      ["interview editor", people.editor.token, 403],
      ["another district's admin", other.admin.token, 404],
      ["no token", null, 401],
      ["unknown token", "cas_not-a-real-token-at-all-000000000000", 401],
      ["revoked key", revoked.key, 401],
    ];
    for (const [who, token, status] of expectations) {
      const res = await api.get(`${path}/scorecards`, token);
      expect(res.status, who).toBe(status);
      if (status !== 200) expect(res.body.error.code, who).toEqual(expect.any(String));
      if (status === 403 || status === 404) expect(JSON.stringify(res.body), who).not.toContain(members[0].id);
    }
    expect((await api.get(`${path}/scorecards`, readKey.key)).body).toHaveLength(1);
    expect((await api.get(`/api/interviews/${candidate.id}/unknown-interview/scorecards`, d.admin.token)).status).toBe(404);
    // A draft interview is 404 for its candidate, as the interview itself is.
    const draft = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-03", form_id: formId, board_id: boardId });
    expect((await api.get(`${base(candidate.id, draft.body.id)}/scorecards`, candidate.token)).status).toBe(404);
  });

  it("PUT and submit …/me: the board's members only, with a session; 403 for keys, admins off the board and everyone else; 404 across districts", async () => {
    const { path, candidate } = await newInterview();
    const key = await d.addKey(["read:interviews", "write:interviews"]);
    for (const [who, token, status] of [
      ["key", key.key, 403],
      ["admin off the board", d.admin.token, 403],
      ["candidate", candidate.token, 403],
      ["mentor", people.mentor.token, 403],
      ["another board's member", people.otherBoard.token, 403],
      ["interview editor", people.editor.token, 403],
      ["another district's admin", other.admin.token, 404],
      ["no token", null, 401],
    ] as [string, string | null, number][]) {
      expect((await api.put(`${path}/scorecards/me`, token, { body: { recommendation: 2 } })).status, `PUT ${who}`).toBe(status);
      expect((await api.post(`${path}/scorecards/me/submit`, token)).status, `submit ${who}`).toBe(status);
    }
    expect(await db().interviewScorecard.count({ where: { districtId: d.id, interviewId: path.split("/").pop()! } })).toBe(0);
    // An interview without a board has no one to fill one.
    const boardless = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-04", form_id: formId });
    const refused = await save(base(candidate.id, boardless.body.id), members[0], { recommendation: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/no board/);
  });

  it("bad bodies are 400 with the error body, and write nothing", async () => {
    const { path, id } = await newInterview();
    expect((await save(path, members[0], { recommendation: 3, note: "Kept", responses: { fit: 2 } })).status).toBe(200);
    const bad: [unknown, string][] = [
      [{ recommendation: 5 }, "recommendation"],
      [{ recommendation: "yes" }, "recommendation"],
      [{ note: 42 }, "note"],
      [{ responses: [] }, "responses"],
      [{ responses: { fit: 9, concerns: { en: "ok" } } }, "responses.fit"],
      [{ responses: { open: { en: "shared field" } } }, "responses.open"],
      [{ responses: { nope: 1 } }, "responses.nope"],
      [{ responses: { concerns: "not multilingual" }, recommendation: 1 }, "responses.concerns"],
    ];
    for (const [body, path400] of bad) {
      const res = await save(path, members[0], body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(
        res.body.error.details.map((x: { path: string }) => x.path),
        JSON.stringify(body),
      ).toContain(path400);
    }
    const invalidJson = await call("PUT", `${path}/scorecards/me`, {
      token: members[0].token,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body.error.code).toBe("invalid_json");
    const [card] = (await api.get(`${path}/scorecards`, members[0].token)).body;
    expect(card).toMatchObject({ recommendation: 3, note: "Kept", responses: { fit: 2 }, submitted: 0 });
    expect(await db().interviewScorecard.count({ where: { districtId: d.id, interviewId: id } })).toBe(1);
  });
});

describe("blind until submitted", () => {
  it("a member sees only their own until they submit, then every submitted one; admins see all, drafts included", async () => {
    const { path } = await newInterview();
    const [a, b, c] = members;
    const saved = await save(path, a, { responses: { fit: 3, concerns: { en: "None at all" } }, recommendation: 4, note: "Ready" });
    expect(saved.status).toBe(200);
    expect(scorecardSchema.parse(saved.body)).toEqual(saved.body);
    expect(saved.body).toMatchObject({
      member_id: a.id,
      recommendation: 4,
      note: "Ready",
      submitted: 0,
      submitted_at: null,
      responses: { fit: 3, concerns: { en: "None at all" } },
    });
    // Only what is sent changes; null clears.
    const patched = await save(path, a, { responses: { concerns: null } });
    expect(patched.body).toMatchObject({ recommendation: 4, note: "Ready", responses: { fit: 3 } });

    expect(await seen(path, b.token)).toEqual([]);
    expect((await submit(path, a)).body).toMatchObject({ submitted: 1, submitted_at: expect.any(Number) });
    // b has not submitted: still nothing, not even that a's exists.
    expect(await seen(path, b.token)).toEqual([]);
    await save(path, b, { recommendation: 2, note: "Not yet" });
    expect(await seen(path, b.token)).toEqual([`${b.id}:0`]);
    await save(path, c, { recommendation: 3 });
    expect((await submit(path, b)).status).toBe(200);
    expect(await seen(path, b.token)).toEqual([`${a.id}:1`, `${b.id}:1`].sort());
    expect(await seen(path, a.token)).toEqual([`${a.id}:1`, `${b.id}:1`].sort());
    expect(await seen(path, c.token)).toEqual([`${c.id}:0`]);
    expect(await seen(path, d.admin.token)).toEqual([`${a.id}:1`, `${b.id}:1`, `${c.id}:0`].sort());
    const asB = (await api.get(`${path}/scorecards`, b.token)).body;
    expect(asB.find((x: { member_id: string }) => x.member_id === a.id)).toMatchObject({ note: "Ready", recommendation: 4, responses: { fit: 3 } });
    expect(JSON.stringify(asB)).not.toContain(c.id);
  });

  it("after submitting: PUT and a second submit are 409; submitting needs a recommendation (400)", async () => {
    const { path } = await newInterview();
    const [a] = members;
    expect((await submit(path, a)).status).toBe(400);
    await save(path, a, { note: "No recommendation yet" });
    const early = await submit(path, a);
    expect(early.status).toBe(400);
    expect(early.body.error.details).toEqual([expect.objectContaining({ path: "recommendation" })]);
    await save(path, a, { recommendation: 1 });
    expect((await submit(path, a)).status).toBe(200);
    const again = await save(path, a, { recommendation: 4, note: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect((await submit(path, a)).status).toBe(409);
    const [card] = (await api.get(`${path}/scorecards`, a.token)).body;
    expect(card).toMatchObject({ recommendation: 1, note: "No recommendation yet", submitted: 1 });
  });

  it("an admin reopens a submitted scorecard: a draft again, unseen by the others until submitted anew; 403 for members, 404 for another interview's id, 409 for a draft", async () => {
    const { path } = await newInterview();
    const [a, b] = members;
    for (const m of [a, b]) {
      await save(path, m, { recommendation: 3 });
      await submit(path, m);
    }
    const cardOf = async (m: Person) =>
      ((await api.get(`${path}/scorecards`, d.admin.token)).body as { id: string; member_id: string }[]).find((c) => c.member_id === m.id)!.id;
    const aCard = await cardOf(a);
    expect((await api.post(`${path}/scorecards/${aCard}/reopen`, b.token)).status).toBe(403);
    expect((await api.post(`${path}/scorecards/${aCard}/reopen`, other.admin.token)).status).toBe(404);
    const elsewhere = await newInterview();
    expect((await api.post(`${elsewhere.path}/scorecards/${aCard}/reopen`, d.admin.token)).status).toBe(404);
    const reopened = await api.post(`${path}/scorecards/${aCard}/reopen`, d.admin.token);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ id: aCard, submitted: 0, submitted_at: null, recommendation: 3 });
    expect((await api.post(`${path}/scorecards/${aCard}/reopen`, d.admin.token)).status).toBe(409);
    // b no longer sees a's; a sees only their own again, and may change it.
    expect(await seen(path, b.token)).toEqual([`${b.id}:1`]);
    expect(await seen(path, a.token)).toEqual([`${a.id}:0`]);
    expect((await save(path, a, { recommendation: 4 })).status).toBe(200);
    expect((await submit(path, a)).status).toBe(200);
    expect(await seen(path, b.token)).toEqual([`${a.id}:1`, `${b.id}:1`].sort());
    // An API key with write:interviews acts as an admin here.
    const key = await d.addKey(["write:interviews"]);
    expect((await api.post(`${path}/scorecards/${await cardOf(b)}/reopen`, key.key)).status).toBe(200);
  });
});

describe("submitting at once, and the board's decision", () => {
  it("members submitting at the same moment all count: each sees the others, and the stored tally is right", async () => {
    const { path, candidate } = await newInterview();
    const recs = [4, 3, 4];
    await Promise.all(members.map((m, i) => save(path, m, { recommendation: recs[i] })));
    const answers = await Promise.all(members.map((m) => submit(path, m)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const m of members) expect(await seen(path, m.token)).toEqual(members.map((x) => `${x.id}:1`).sort());

    const decided = await api.patch(path, d.admin.token, { recommendation: 4 });
    expect(decided.status).toBe(200);
    expect(interviewSchema.parse(decided.body)).toBeTruthy();
    expect(decided.body).toMatchObject({
      recommendation: 4,
      recommendation_tally: { 1: 0, 2: 0, 3: 1, 4: 2 },
      recommendation_by: d.admin.id,
      recommendation_at: expect.any(Number),
    });
    // The tally tells opinions: for submitted members and admins; the decision itself for every reader.
    expect((await api.get(path, members[0].token)).body.recommendation_tally).toEqual({ 1: 0, 2: 0, 3: 1, 4: 2 });
    for (const [who, token] of [
      ["candidate", candidate.token],
      ["mentor", people.mentor.token],
      ["another board's member", people.otherBoard.token],
      ["editor", people.editor.token],
    ]) {
      const res = await api.get(path, token);
      expect(res.body.recommendation, who).toBe(4);
      expect(res.body.recommendation_tally, who).toBeNull();
    }
  });

  it("the tally is counted by the database when the decision is set: drafts do not count, a reopened one drops out until submitted again; null clears the decision", async () => {
    const { path } = await newInterview();
    const [a, b, c] = members;
    await save(path, a, { recommendation: 1 });
    await submit(path, a);
    await save(path, b, { recommendation: 2 });
    await save(path, c, { recommendation: 3 });
    await submit(path, c);
    expect((await api.patch(path, people.editor.token, { recommendation: 3 })).body).toMatchObject({
      recommendation: 3,
      recommendation_by: people.editor.id,
      recommendation_tally: null,
    });
    const stored = (await api.get(path, d.admin.token)).body;
    expect(stored.recommendation_tally).toEqual({ 1: 1, 2: 0, 3: 1, 4: 0 });
    const cId = ((await api.get(`${path}/scorecards`, d.admin.token)).body as { id: string; member_id: string }[]).find((x) => x.member_id === c.id)!.id;
    await api.post(`${path}/scorecards/${cId}/reopen`, d.admin.token);
    expect((await api.patch(path, d.admin.token, { recommendation: 2 })).body.recommendation_tally).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0 });
    expect((await api.patch(path, d.admin.token, { recommendation: 9 })).status).toBe(400);
    expect((await api.patch(path, people.mentor.token, { recommendation: 4 })).status).toBe(403);
    expect((await api.patch(path, d.admin.token, { recommendation: null })).body).toMatchObject({
      recommendation: null,
      recommendation_tally: null,
      recommendation_by: null,
      recommendation_at: null,
    });
  });
});
