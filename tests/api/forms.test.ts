import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;

const label = (en: string) => ({ en });
const sampleFields = [
  { id: "decision", type: "dropdown", label: label("Decision"), options: [label("Approve"), label("Defer")] },
  { id: "notes", type: "text", label: label("Notes"), p: 1 },
  { id: "ready", type: "checkbox", label: label("Ready") },
  { id: "docs", type: "file", label: label("Documents") },
];

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Forms"), makeDistrict("Other")]);
});

describe("forms", () => {
  it("creates, reads, lists, renames and deletes a form", async () => {
    const created = await api.post("/api/forms", d.admin.token, { name: "Board review", fields: sampleFields });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Board review", fields: sampleFields });
    expect(typeof created.body.id).toBe("string");
    expect(typeof created.body.created_at).toBe("number");
    expect(typeof created.body.updated_at).toBe("number");

    const one = await api.get(`/api/forms/${created.body.id}`, d.admin.token);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);

    const list = await api.get("/api/forms", d.admin.token);
    expect(list.body.map((f: { id: string }) => f.id)).toContain(created.body.id);

    const renamed = await api.patch(`/api/forms/${created.body.id}`, d.admin.token, { name: "Review" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Review", fields: sampleFields });

    const removed = await api.delete(`/api/forms/${created.body.id}`, d.admin.token);
    expect(removed.body).toEqual({ ok: true });
    expect((await api.get(`/api/forms/${created.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("normalises p: 0 away and keeps p: 1", async () => {
    const res = await api.post("/api/forms", d.admin.token, {
      name: "Flags",
      fields: [
        { id: "a", type: "text", label: label("A"), p: 0 },
        { id: "b", type: "text", label: label("B"), p: 1 },
      ],
    });
    expect(res.body.fields).toEqual([
      { id: "a", type: "text", label: label("A") },
      { id: "b", type: "text", label: label("B"), p: 1 },
    ]);
  });

  it.each([
    ["a dropdown without options", [{ id: "x", type: "dropdown", label: label("X") }], "fields.0.options"],
    ["a dropdown with empty options", [{ id: "x", type: "dropdown", label: label("X"), options: [] }], "fields.0.options"],
    ["options on a text field", [{ id: "x", type: "text", label: label("X"), options: [label("a")] }], "fields.0.options"],
    [
      "duplicate field ids",
      [
        { id: "x", type: "text", label: label("X") },
        { id: "x", type: "checkbox", label: label("Y") },
      ],
      "fields.1.id",
    ],
    ["an unsafe field id", [{ id: "../x", type: "text", label: label("X") }], "fields.0.id"],
    ["an unknown type", [{ id: "x", type: "radio", label: label("X") }], "fields.0.type"],
    ["a label that is not multilingual", [{ id: "x", type: "text", label: "X" }], "fields.0.label"],
    ["a label with a bad language code", [{ id: "x", type: "text", label: { "not a language!": "X" } }], "fields.0.label"],
    ["an empty label", [{ id: "x", type: "text", label: {} }], "fields.0.label"],
    ["a bad private marker", [{ id: "x", type: "text", label: label("X"), p: 2 }], "fields.0.p"],
  ])("rejects %s with 400", async (_name, fields, path) => {
    const res = await api.post("/api/forms", d.admin.token, { name: "Bad", fields });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    const paths: string[] = res.body.error.details.map((x: { path: string }) => x.path);
    expect(
      paths.some((p) => p === path || p.startsWith(`${path}.`)),
      paths.join(),
    ).toBe(true);
  });

  it("refuses to drop (or retype) a field holding answers with 409, unless force: true removes the answers too", async () => {
    const form = await api.post("/api/forms", d.admin.token, { name: "Answered", fields: sampleFields });
    const candidate = await d.addPerson("candidate");
    const interview = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-01", form_id: form.body.id });
    const answered = await api.patch(`/api/interviews/${candidate.id}/${interview.body.id}`, d.admin.token, {
      responses: { decision: 2, ready: 1 },
    });
    expect(answered.status).toBe(200);

    // Dropping an unanswered field is fine.
    const withoutNotes = sampleFields.filter((f) => f.id !== "notes");
    expect((await api.patch(`/api/forms/${form.body.id}`, d.admin.token, { fields: withoutNotes })).status).toBe(200);

    const dropped = await api.patch(`/api/forms/${form.body.id}`, d.admin.token, { fields: [sampleFields[3]] });
    expect(dropped.status).toBe(409);
    expect(dropped.body.error.code).toBe("conflict");
    expect(dropped.body.error.message).toContain("decision");
    expect(dropped.body.error.message).toContain("ready");
    expect(dropped.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual(["fields.decision", "fields.ready"]);

    const retyped = await api.patch(`/api/forms/${form.body.id}`, d.admin.token, {
      fields: withoutNotes.map((f) => (f.id === "ready" ? { id: "ready", type: "text", label: label("Ready") } : f)),
    });
    expect(retyped.status).toBe(409);
    expect(retyped.body.error.message).toContain("ready");

    const forced = await api.patch(`/api/forms/${form.body.id}`, d.admin.token, { fields: [sampleFields[0], sampleFields[3]], force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.fields.map((f: { id: string }) => f.id)).toEqual(["decision", "docs"]);
    const after = await api.get(`/api/interviews/${candidate.id}/${interview.body.id}`, d.admin.token);
    expect(after.body.responses).toEqual({ decision: 2 });
  });

  it("refuses to delete a form used by an interview (409)", async () => {
    const form = await api.post("/api/forms", d.admin.token, { name: "Used", fields: [] });
    const candidate = await d.addPerson("candidate");
    await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-01", form_id: form.body.id });
    const res = await api.delete(`/api/forms/${form.body.id}`, d.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect((await api.get(`/api/forms/${form.body.id}`, d.admin.token)).status).toBe(200);
  });
});

describe("boards", () => {
  it("creates with members of the district, replaces members in PATCH, and deletes", async () => {
    const [a, b] = await Promise.all([d.addPerson("board"), d.addPerson("board")]);
    const created = await api.post("/api/boards", d.admin.token, { name: "North board", members: [a.id, a.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "North board", members: [a.id] });
    expect(typeof created.body.created_at).toBe("number");

    const patched = await api.patch(`/api/boards/${created.body.id}`, d.admin.token, { members: [b.id] });
    expect(patched.body).toMatchObject({ name: "North board", members: [b.id] });
    const renamed = await api.patch(`/api/boards/${created.body.id}`, d.admin.token, { name: "South" });
    expect(renamed.body).toMatchObject({ name: "South", members: [b.id] });
    expect((await api.get("/api/boards", d.admin.token)).body.map((x: { id: string }) => x.id)).toContain(created.body.id);

    expect((await api.delete(`/api/boards/${created.body.id}`, d.admin.token)).body).toEqual({ ok: true });
    expect((await api.get(`/api/boards/${created.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("rejects members who are not people of the district (400)", async () => {
    const stranger = await other.addPerson("board");
    const res = await api.post("/api/boards", d.admin.token, { name: "Mixed", members: [stranger.id, "nobody"] });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toEqual(["members", "members"]);
    const board = await api.post("/api/boards", d.admin.token, { name: "Ok", members: [] });
    expect((await api.patch(`/api/boards/${board.body.id}`, d.admin.token, { members: [stranger.id] })).status).toBe(400);
  });

  it("deleting a board keeps its interviews, without a board", async () => {
    const board = await api.post("/api/boards", d.admin.token, { name: "Gone" });
    const candidate = await d.addPerson("candidate");
    const interview = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-01", board_id: board.body.id });
    expect(interview.body.board_id).toBe(board.body.id);
    await api.delete(`/api/boards/${board.body.id}`, d.admin.token);
    const after = await api.get(`/api/interviews/${candidate.id}/${interview.body.id}`, d.admin.token);
    expect(after.body.board_id).toBeNull();
  });
});

describe("profiles", () => {
  it("creates with or without a default form, changes it, and deletes", async () => {
    const form = await api.post("/api/forms", d.admin.token, { name: "Default", fields: [] });
    const plain = await api.post("/api/profiles", d.admin.token, { name: "Plain" });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ name: "Plain", form_id: null });
    const withForm = await api.patch(`/api/profiles/${plain.body.id}`, d.admin.token, { form_id: form.body.id });
    expect(withForm.body.form_id).toBe(form.body.id);
    const cleared = await api.patch(`/api/profiles/${plain.body.id}`, d.admin.token, { form_id: null });
    expect(cleared.body.form_id).toBeNull();
    expect((await api.get(`/api/profiles/${plain.body.id}`, d.admin.token)).body).toEqual(cleared.body);
    expect((await api.get("/api/profiles", d.admin.token)).body.map((x: { id: string }) => x.id)).toContain(plain.body.id);
    expect((await api.delete(`/api/profiles/${plain.body.id}`, d.admin.token)).body).toEqual({ ok: true });
    expect((await api.get(`/api/profiles/${plain.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("rejects an unknown or another district's form (400)", async () => {
    const foreign = await api.post("/api/forms", other.admin.token, { name: "Theirs", fields: [] });
    const res = await api.post("/api/profiles", d.admin.token, { name: "X", form_id: foreign.body.id });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("form_id");
    expect((await api.post("/api/profiles", d.admin.token, { name: "X", form_id: "nope" })).status).toBe(400);
  });
});

describe("who may read and write definitions", () => {
  it("anyone signed in to the district reads them; keys need read:interviews", async () => {
    const candidate = await d.addPerson("candidate");
    for (const path of ["/api/forms", "/api/boards", "/api/profiles"]) {
      expect((await api.get(path, candidate.token)).status).toBe(200);
      expect((await api.get(path, (await d.addKey(["read:interviews"])).key)).status).toBe(200);
      expect((await api.get(path, (await d.addKey(["read:people", "write:interviews"])).key)).status).toBe(403);
      expect((await api.get(path)).status).toBe(401);
      expect((await api.get(path, "cas_unknownunknownunknown")).status).toBe(401);
    }
  });

  it("writes need the settings permission, and never an API key", async () => {
    const [board, settings] = await Promise.all([d.addPerson("board"), d.addPersonWith(["settings"])]);
    const { key } = await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews"]);
    const form = await api.post("/api/forms", d.admin.token, { name: "F", fields: [] });
    const boardRec = await api.post("/api/boards", d.admin.token, { name: "B" });
    const profile = await api.post("/api/profiles", d.admin.token, { name: "P" });
    const writes: [string, string, unknown][] = [
      ["POST", "/api/forms", { name: "x", fields: [] }],
      ["PATCH", `/api/forms/${form.body.id}`, { name: "x" }],
      ["DELETE", `/api/forms/${form.body.id}`, undefined],
      ["POST", "/api/boards", { name: "x" }],
      ["PATCH", `/api/boards/${boardRec.body.id}`, { name: "x" }],
      ["DELETE", `/api/boards/${boardRec.body.id}`, undefined],
      ["POST", "/api/profiles", { name: "x" }],
      ["PATCH", `/api/profiles/${profile.body.id}`, { name: "x" }],
      ["DELETE", `/api/profiles/${profile.body.id}`, undefined],
    ];
    const send = (method: string, path: string, token: string, body: unknown) =>
      method === "POST" ? api.post(path, token, body) : method === "PATCH" ? api.patch(path, token, body) : api.delete(path, token);
    for (const [method, path, body] of writes) {
      for (const token of [board.token, key]) {
        const res = await send(method, path, token, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
    }
    for (const [method, path, body] of writes) {
      expect((await send(method, path, settings.token, body)).status, `${method} ${path}`).toBeLessThan(300);
    }
  });

  it("another district's definitions are 404 for every endpoint and never listed", async () => {
    const [form, board, profile] = await Promise.all([
      api.post("/api/forms", other.admin.token, { name: "Theirs", fields: [] }),
      api.post("/api/boards", other.admin.token, { name: "Theirs" }),
      api.post("/api/profiles", other.admin.token, { name: "Theirs" }),
    ]);
    for (const [kind, id] of [
      ["forms", form.body.id],
      ["boards", board.body.id],
      ["profiles", profile.body.id],
    ]) {
      expect((await api.get(`/api/${kind}/${id}`, d.admin.token)).status).toBe(404);
      expect((await api.patch(`/api/${kind}/${id}`, d.admin.token, { name: "mine" })).status).toBe(404);
      expect((await api.delete(`/api/${kind}/${id}`, d.admin.token)).status).toBe(404);
      expect((await api.get(`/api/${kind}`, d.admin.token)).body.map((x: { id: string }) => x.id)).not.toContain(id);
    }
    expect(await db().form.findUnique({ where: { id: form.body.id } })).not.toBeNull();
  });
});
