import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;
let formId: string;
let boardId: string;
let profileId: string;
let profileFormId: string;

const label = (en: string) => ({ en });
const FIELDS = [
  { id: "decision", type: "dropdown", label: label("Decision"), options: [label("Approve"), label("Defer")] },
  { id: "notes", type: "text", label: label("Notes") },
  { id: "secret", type: "text", label: label("Board only"), p: 1 },
  { id: "ready", type: "checkbox", label: label("Ready") },
  { id: "docs", type: "file", label: label("Documents") },
  ...Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, type: "checkbox", label: label(`Check ${i}`) })),
];

const storedPath = (key: string) => path.join(process.env.DATA_DIR!, "files", key);

async function newInterview(personId: string, body: Record<string, unknown> = { date: "2026-03-10", form_id: formId }) {
  const res = await api.post(`/api/interviews/${personId}`, d.admin.token, body);
  expect(res.status).toBe(201);
  return res.body;
}

function upload(personId: string, interviewId: string, token: string, fieldId: string, content = "hello", fileName = "cv.pdf") {
  const form = new FormData();
  form.set("file", new File([content], fileName, { type: "application/pdf" }));
  form.set("field_id", fieldId);
  return call("POST", `/api/interviews/${personId}/${interviewId}/files`, { token, form });
}

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Interviews"), makeDistrict("Other")]);
  formId = (await api.post("/api/forms", d.admin.token, { name: "Review", fields: FIELDS })).body.id;
  profileFormId = (await api.post("/api/forms", d.admin.token, { name: "Profile form", fields: [] })).body.id;
  boardId = (await api.post("/api/boards", d.admin.token, { name: "Board" })).body.id;
  profileId = (await api.post("/api/profiles", d.admin.token, { name: "Standard", form_id: profileFormId })).body.id;
});

describe("POST /api/interviews/:personId", () => {
  it("creates an unpublished interview with empty responses and audio", async () => {
    const candidate = await d.addPerson("candidate");
    const res = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, {
      date: "2026-03-10",
      board_id: boardId,
      form_id: formId,
      profile_id: profileId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      person_id: candidate.id,
      district_id: d.id,
      date: "2026-03-10",
      board_id: boardId,
      form_id: formId,
      profile_id: profileId,
      published: 0,
      responses: {},
      audio: {},
      recommendation: null,
      recommendation_tally: null,
      recommendation_by: null,
      recommendation_at: null,
      // The schedule (issue 33): unset until given, shown in the district's time zone.
      starts_at: null,
      starts_at_local: null,
      duration_minutes: null,
      location: null,
      meeting_url: null,
      time_zone: "UTC",
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
  });

  it("takes the profile's default form when no form is given, and allows none at all", async () => {
    const candidate = await d.addPerson("candidate");
    expect((await newInterview(candidate.id, { date: "2026-03-10", profile_id: profileId })).form_id).toBe(profileFormId);
    const bare = await newInterview(candidate.id, { date: "2026-03-10" });
    expect(bare).toMatchObject({ form_id: null, board_id: null, profile_id: null });
  });

  it.each(["2026-02-30", "2026-13-01", "10/03/2026", "2026-3-1", ""])("rejects the date %j (400)", async (date) => {
    const candidate = await d.addPerson("candidate");
    const res = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("date");
  });

  it("rejects unknown and other districts' board, form and profile ids with one detail each (400)", async () => {
    const candidate = await d.addPerson("candidate");
    const theirs = {
      board_id: (await api.post("/api/boards", other.admin.token, { name: "B" })).body.id,
      form_id: (await api.post("/api/forms", other.admin.token, { name: "F", fields: [] })).body.id,
      profile_id: (await api.post("/api/profiles", other.admin.token, { name: "P" })).body.id,
    };
    for (const refs of [theirs, { board_id: "nope", form_id: "nope", profile_id: "nope" }]) {
      const res = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-10", ...refs });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((x: { path: string }) => x.path)).toEqual(["board_id", "form_id", "profile_id"]);
    }
    expect(await db().interview.count({ where: { personId: candidate.id } })).toBe(0);
  });

  it("404 for an unknown person or another district's person", async () => {
    const stranger = await other.addPerson("candidate");
    expect((await api.post(`/api/interviews/${stranger.id}`, d.admin.token, { date: "2026-03-10" })).status).toBe(404);
    expect((await api.post(`/api/interviews/nobody`, d.admin.token, { date: "2026-03-10" })).status).toBe(404);
  });
});

describe("PATCH /api/interviews/:personId/:id", () => {
  it("merges the fields sent, validates each against the form, and returns the full interview", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const first = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { decision: 2, notes: { en: "Good" } } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: i.id, published: 0, responses: { decision: 2, notes: { en: "Good" } }, audio: {} });
    const second = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { ready: 1, notes: null } });
    expect(second.body.responses).toEqual({ decision: 2, ready: 1 });
    expect(second.body.updated_at).toBeGreaterThanOrEqual(first.body.updated_at);

    const moved = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { date: "2026-04-01" });
    expect(moved.body).toMatchObject({ date: "2026-04-01", responses: { decision: 2, ready: 1 } });
  });

  it("rejects wrong types and unknown fields with one detail per bad field, and changes nothing", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { ready: 1 } });
    const res = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, {
      responses: { decision: 3, notes: "plain", ready: true, docs: { unknown: {} }, nope: 1, c1: 1 },
      published: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual(
      ["responses.decision", "responses.docs", "responses.nope", "responses.notes", "responses.ready"].sort(),
    );
    const after = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(after.body).toMatchObject({ published: 0, responses: { ready: 1 } });
  });

  it("an interview without a form takes no responses (400)", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id, { date: "2026-03-10" });
    const res = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { decision: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("responses.decision");
  });

  it("publishes with 1 and unpublishes with 0; rejects other values and bad dates", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: 1 })).body.published).toBe(1);
    expect((await api.get(`/api/interviews/${candidate.id}/${i.id}`, candidate.token)).status).toBe(200);
    expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: 0 })).body.published).toBe(0);
    expect((await api.get(`/api/interviews/${candidate.id}/${i.id}`, candidate.token)).status).toBe(404);
    expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: 2 })).status).toBe(400);
    expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: true })).status).toBe(400);
    expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { date: "2026-02-30" })).status).toBe(400);
  });

  it("ten concurrent PATCHes of different fields all survive (the merge happens in SQL)", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { [`c${n}`]: n % 2 } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(after.body.responses).toEqual(Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`c${n}`, n % 2])));
  });

  it("concurrent uploads and PATCHes of other fields all survive", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, n) => upload(candidate.id, i.id, d.admin.token, "docs", `file ${n}`)),
      ...Array.from({ length: 4 }, (_, n) => api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { [`c${n}`]: 1 } })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    const after = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(Object.keys(after.body.responses.docs).sort()).toEqual(
      results
        .slice(0, 4)
        .map((r) => r.body.id)
        .sort(),
    );
    expect(after.body.responses).toMatchObject({ c0: 1, c1: 1, c2: 1, c3: 1 });
  });
});

describe("GET /api/interviews", () => {
  it("lists the list shape, newest date first, with filters", async () => {
    const [a, b] = await Promise.all([d.addPerson("candidate"), d.addPerson("candidate")]);
    const i1 = await newInterview(a.id, { date: "2025-01-05", board_id: boardId });
    const i2 = await newInterview(a.id, { date: "2025-03-01" });
    const i3 = await newInterview(b.id, { date: "2025-02-10", board_id: boardId });
    await api.patch(`/api/interviews/${b.id}/${i3.id}`, d.admin.token, { published: 1 });

    const all = await api.get("/api/interviews", d.admin.token);
    expect(all.status).toBe(200);
    const ids = all.body.map((x: { id: string }) => x.id);
    expect(ids.indexOf(i2.id)).toBeLessThan(ids.indexOf(i3.id));
    expect(ids.indexOf(i3.id)).toBeLessThan(ids.indexOf(i1.id));
    const dates = all.body.map((x: { date: string }) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const listed = all.body.find((x: { id: string }) => x.id === i1.id);
    expect(Object.keys(listed).sort()).toEqual(
      [
        ...["id", "person_id", "district_id", "date", "board_id", "form_id", "profile_id", "published", "created_at", "updated_at"],
        ...["starts_at", "starts_at_local", "duration_minutes", "location", "meeting_url", "time_zone"],
      ].sort(),
    );

    const only = async (q: string) => (await api.get(`/api/interviews?${q}`, d.admin.token)).body.map((x: { id: string }) => x.id);
    expect(await only(`person_id=${a.id}`)).toEqual([i2.id, i1.id]);
    expect((await only(`board_id=${boardId}`)).filter((id: string) => [i1.id, i2.id, i3.id].includes(id))).toEqual([i3.id, i1.id]);
    expect(await only(`person_id=${b.id}&published=1`)).toEqual([i3.id]);
    expect(await only(`person_id=${b.id}&published=0`)).toEqual([]);
    expect(await only(`person_id=${a.id}&from=2025-01-06&to=2025-03-01`)).toEqual([i2.id]);
    expect(await only(`person_id=${a.id}&to=2025-01-05`)).toEqual([i1.id]);

    for (const q of ["published=yes", "from=2025-02-30", "to=tomorrow"]) {
      const res = await api.get(`/api/interviews?${q}`, d.admin.token);
      expect(res.status, q).toBe(400);
    }
  });

  it("never lists another district's interviews", async () => {
    const stranger = await other.addPerson("candidate");
    const theirs = await api.post(`/api/interviews/${stranger.id}`, other.admin.token, { date: "2026-01-01" });
    const mine = await api.get("/api/interviews", d.admin.token);
    expect(mine.body.map((x: { id: string }) => x.id)).not.toContain(theirs.body.id);
    expect((await api.get(`/api/interviews?person_id=${stranger.id}`, d.admin.token)).body).toEqual([]);
  });

  it("q finds a candidate's interviews by name (accents and case ignored), board_id=none those without a board", async () => {
    const [zoe, ana] = await Promise.all([
      d.addPerson("candidate", { first: "Zoë", last: "Quintanilla" }),
      d.addPerson("candidate", { first: "Ana", last: "Quintana" }),
    ]);
    const i1 = await newInterview(zoe.id, { date: "2025-06-01", board_id: boardId });
    const i2 = await newInterview(zoe.id, { date: "2025-06-02" });
    const i3 = await newInterview(ana.id, { date: "2025-06-03" });
    const only = async (q: string, token = d.admin.token) => (await api.get(`/api/interviews?${q}`, token)).body.map((x: { id: string }) => x.id);
    expect(await only("q=zoe%20QUINTANILLA")).toEqual([i2.id, i1.id]);
    expect(await only("q=quintan")).toEqual([i3.id, i2.id, i1.id]);
    expect(await only("q=quintan&board_id=none")).toEqual([i3.id, i2.id]);
    expect(await only(`q=quintan&board_id=${boardId}&limit=1`)).toEqual([i1.id]);
    expect(await only("q=nobody-by-that-name")).toEqual([]);
    // Another district's admin finds none of them; a candidate only their own, once published.
    expect(await only("q=quintan", other.admin.token)).toEqual([]);
    await api.patch(`/api/interviews/${ana.id}/${i3.id}`, d.admin.token, { published: 1 });
    expect(await only("q=quintan", ana.token)).toEqual([i3.id]);
    for (const [q, path] of [
      ["board_id=..%2Fboards", "query.board_id"],
      [`q=${"x".repeat(201)}`, "query.q"],
    ]) {
      const res = await api.get(`/api/interviews?${q}`, d.admin.token);
      expect(res.status, q).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    }
  });
});

describe("DELETE /api/interviews/:personId/:id", () => {
  it("deletes the interview with its attachments and recordings, rows and bytes", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const file = await upload(candidate.id, i.id, d.admin.token, "docs");
    expect(file.status).toBe(201);
    const fileRow = await db().interviewFile.findUniqueOrThrow({ where: { id: file.body.id } });
    expect(fs.existsSync(storedPath(fileRow.storageKey))).toBe(true);

    // A recording as the audio pipeline leaves it: bytes under <district>/audio/…, its row bound to the interview.
    const recordingId = `rec1-${i.id}`;
    const audioKey = `${d.id}/audio/${candidate.id}/${recordingId}.webm`;
    fs.mkdirSync(path.dirname(storedPath(audioKey)), { recursive: true });
    fs.writeFileSync(storedPath(audioKey), "webm");
    await db().audioRecording.create({
      data: {
        id: recordingId,
        districtId: d.id,
        interviewId: i.id,
        personId: candidate.id,
        name: { en: "Meeting" },
        storageKey: audioKey,
        finalizedAt: new Date(),
      },
    });
    const full = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(full.body.audio).toEqual({ [recordingId]: expect.objectContaining({ name: { en: "Meeting" }, url: `http://localhost:3000/files/${audioKey}` }) });

    const res = await api.delete(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await db().interview.findUnique({ where: { id: i.id } })).toBeNull();
    expect(await db().interviewFile.count({ where: { interviewId: i.id } })).toBe(0);
    expect(fs.existsSync(storedPath(fileRow.storageKey))).toBe(false);
    expect(fs.existsSync(storedPath(audioKey))).toBe(false);
    expect((await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token)).status).toBe(404);
    expect((await api.delete(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token)).status).toBe(404);
  });

  it("404 when the interview belongs to another person of the district", async () => {
    const [a, b] = await Promise.all([d.addPerson("candidate"), d.addPerson("candidate")]);
    const i = await newInterview(a.id);
    expect((await api.delete(`/api/interviews/${b.id}/${i.id}`, d.admin.token)).status).toBe(404);
    expect((await api.patch(`/api/interviews/${b.id}/${i.id}`, d.admin.token, { published: 1 })).status).toBe(404);
    expect((await api.get(`/api/interviews/${b.id}/${i.id}`, d.admin.token)).status).toBe(404);
    expect(await db().interview.findUnique({ where: { id: i.id } })).not.toBeNull();
  });
});

describe("access", () => {
  it("401 for a missing, unknown or revoked token on every endpoint", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const { key: revoked } = await d.addKey(["read:interviews", "write:interviews"], { revoked: true });
    for (const token of [null, "nope", "cas_unknownunknownunknownunknown", revoked]) {
      expect((await api.get("/api/interviews", token)).status).toBe(401);
      expect((await api.get(`/api/interviews/${candidate.id}`, token)).status).toBe(401);
      expect((await api.get(`/api/interviews/${candidate.id}/${i.id}`, token)).status).toBe(401);
      expect((await api.post(`/api/interviews/${candidate.id}`, token, { date: "2026-01-01" })).status).toBe(401);
      expect((await api.patch(`/api/interviews/${candidate.id}/${i.id}`, token, { published: 1 })).status).toBe(401);
      expect((await api.delete(`/api/interviews/${candidate.id}/${i.id}`, token)).status).toBe(401);
      expect((await upload(candidate.id, i.id, token as string, "docs")).status).toBe(401);
    }
  });

  it("403 for writes without interviews:edit (candidate, mentor, a people editor) and for keys without write:interviews", async () => {
    const candidate = await d.addPerson("candidate");
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, candidate.id);
    const peopleEditor = await d.addPersonWith(["people:edit", "settings"]);
    const { key: readOnly } = await d.addKey(["read:interviews", "read:people", "write:people"]);
    const i = await newInterview(candidate.id);
    const file = await upload(candidate.id, i.id, d.admin.token, "docs");
    await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: 1 });
    for (const token of [candidate.token, mentor.token, peopleEditor.token, readOnly]) {
      const attempts = [
        await api.post(`/api/interviews/${candidate.id}`, token, { date: "2026-01-01" }),
        await api.patch(`/api/interviews/${candidate.id}/${i.id}`, token, { responses: { ready: 1 } }),
        await api.delete(`/api/interviews/${candidate.id}/${i.id}`, token),
        await upload(candidate.id, i.id, token, "docs"),
        await api.delete(`/api/interviews/${candidate.id}/${i.id}/files/${file.body.id}`, token),
      ];
      expect(attempts.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
      expect(attempts[0].body.error.code).toBe("forbidden");
    }
    const after = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(after.body.responses.ready).toBeUndefined();
    expect(Object.keys(after.body.responses.docs)).toEqual([file.body.id]);
  });

  it("a session with interviews:edit alone may write; a key with write:interviews may write", async () => {
    const candidate = await d.addPerson("candidate");
    const editor = await d.addPersonWith(["interviews:edit"]);
    const { key } = await d.addKey(["write:interviews"]);
    for (const token of [editor.token, key]) {
      const created = await api.post(`/api/interviews/${candidate.id}`, token, { date: "2026-01-01", form_id: formId });
      expect(created.status).toBe(201);
      expect((await api.patch(`/api/interviews/${candidate.id}/${created.body.id}`, token, { responses: { ready: 1 } })).status).toBe(200);
      expect((await upload(candidate.id, created.body.id, token, "docs")).status).toBe(201);
      expect((await api.delete(`/api/interviews/${candidate.id}/${created.body.id}`, token)).status).toBe(200);
    }
  });

  it("keys need read:interviews for every GET", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const { key: writeOnly } = await d.addKey(["write:interviews", "read:people"]);
    const { key: reader } = await d.addKey(["read:interviews"]);
    for (const p of ["/api/interviews", `/api/interviews/${candidate.id}`, `/api/interviews/${candidate.id}/${i.id}`]) {
      expect((await api.get(p, writeOnly)).status, p).toBe(403);
      expect((await api.get(p, reader)).status, p).toBe(200);
    }
  });

  it("another district's person, interview and file are 404 on every endpoint, and stay untouched", async () => {
    const stranger = await other.addPerson("candidate");
    const theirForm = (await api.post("/api/forms", other.admin.token, { name: "F", fields: FIELDS })).body.id;
    const theirs = (await api.post(`/api/interviews/${stranger.id}`, other.admin.token, { date: "2026-01-01", form_id: theirForm })).body;
    const theirFile = await upload(stranger.id, theirs.id, other.admin.token, "docs");
    expect(theirFile.status).toBe(201);
    const { key } = await d.addKey(["read:interviews", "write:interviews"]);
    for (const token of [d.admin.token, key]) {
      expect((await api.get(`/api/interviews/${stranger.id}`, token)).status).toBe(404);
      expect((await api.get(`/api/interviews/${stranger.id}/${theirs.id}`, token)).status).toBe(404);
      expect((await api.post(`/api/interviews/${stranger.id}`, token, { date: "2026-01-01" })).status).toBe(404);
      expect((await api.patch(`/api/interviews/${stranger.id}/${theirs.id}`, token, { published: 1 })).status).toBe(404);
      expect((await api.delete(`/api/interviews/${stranger.id}/${theirs.id}`, token)).status).toBe(404);
      expect((await upload(stranger.id, theirs.id, token, "docs")).status).toBe(404);
      expect((await api.delete(`/api/interviews/${stranger.id}/${theirs.id}/files/${theirFile.body.id}`, token)).status).toBe(404);
      expect((await api.get(new URL(theirFile.body.url).pathname, token)).status).toBe(404);
    }
    const still = await api.get(`/api/interviews/${stranger.id}/${theirs.id}`, other.admin.token);
    expect(still.body).toMatchObject({ published: 0 });
    expect(Object.keys(still.body.responses.docs)).toEqual([theirFile.body.id]);
  });
});

describe("people include=interviews", () => {
  it("GET /api/people/:id?include=interviews lists the person's interviews", async () => {
    const candidate = await d.addPerson("candidate");
    const i = await newInterview(candidate.id);
    const res = await api.get(`/api/people/${candidate.id}?include=interviews`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.interviews.map((x: { id: string }) => x.id)).toEqual([i.id]);
    expect(res.body.interviews[0]).not.toHaveProperty("responses");
  });
});
