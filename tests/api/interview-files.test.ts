import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let formId: string;

const label = (en: string) => ({ en });
const FIELDS = [
  { id: "docs", type: "file", label: label("Documents") },
  { id: "board_docs", type: "file", label: label("Board documents"), p: 1 },
  { id: "notes", type: "text", label: label("Notes") },
];

const storedPath = (key: string) => path.join(process.env.DATA_DIR!, "files", key);
const filesPath = (url: string) => new URL(url).pathname;

function upload(personId: string, interviewId: string, fields: Record<string, string | File>, token = d.admin.token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call("POST", `/api/interviews/${personId}/${interviewId}/files`, { token, form });
}
const pdf = (content = "%PDF-1.4 test", name = "Report 2026.pdf") => new File([content], name, { type: "application/pdf" });

async function setup() {
  const candidate = await d.addPerson("candidate");
  const mentor = await d.addPerson("mentor");
  await d.assignMentor(mentor.id, candidate.id);
  const i = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-06-01", form_id: formId })).body;
  return { candidate, mentor, i };
}

beforeAll(async () => {
  d = await makeDistrict("Interview files");
  formId = (await api.post("/api/forms", d.admin.token, { name: "Files", fields: FIELDS })).body.id;
});

describe("POST /api/interviews/:personId/:id/files", () => {
  it("stores the file under the interview's key, returns its record and adds it to responses", async () => {
    const { candidate, i } = await setup();
    const res = await upload(candidate.id, i.id, { file: pdf(), field_id: "docs", name: "CV" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      field_id: "docs",
      name: "CV",
      url: expect.stringMatching(new RegExp(`/files/${d.id}/interviews/${i.id}/${res.body.id}/Report-2026\\.pdf$`)),
      content_type: "application/pdf",
      size: 13,
      created_at: expect.any(Number),
    });
    const row = await db().interviewFile.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.storageKey).toBe(`${d.id}/interviews/${i.id}/${res.body.id}/Report-2026.pdf`);
    expect(fs.readFileSync(storedPath(row.storageKey), "utf8")).toBe("%PDF-1.4 test");

    const full = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    const { id, field_id, ...record } = res.body;
    expect(full.body.responses.docs).toEqual({ [id]: record });
    expect(field_id).toBe("docs");

    const served = await api.get(filesPath(res.body.url), d.admin.token);
    expect(served.status).toBe(200);
    expect(served.body).toBe("%PDF-1.4 test");
  });

  it("uses the file's own name when no name is given", async () => {
    const { candidate, i } = await setup();
    const res = await upload(candidate.id, i.id, { file: pdf("x", "../../evil name.pdf"), field_id: "docs" });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("../../evil name.pdf");
    expect(res.body.url).toMatch(/\/evil-name\.pdf$/);
  });

  it.each([
    ["a missing field_id", { file: "FILE" }, "field_id"],
    ["an unknown field", { file: "FILE", field_id: "nope" }, "field_id"],
    ["a field that is not a file field", { file: "FILE", field_id: "notes" }, "field_id"],
    ["a missing file", { field_id: "docs" }, "file"],
  ])("rejects %s (400) and stores nothing", async (_name, fields, detail) => {
    const { candidate, i } = await setup();
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "FILE" ? pdf() : v]));
    const res = await upload(candidate.id, i.id, form);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe(detail);
    expect(await db().interviewFile.count({ where: { interviewId: i.id } })).toBe(0);
    expect(fs.existsSync(storedPath(`${d.id}/interviews/${i.id}`))).toBe(false);
  });

  it("an interview without a form takes no attachments (400)", async () => {
    const candidate = await d.addPerson("candidate");
    const i = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-06-01" })).body;
    expect((await upload(candidate.id, i.id, { file: pdf(), field_id: "docs" })).status).toBe(400);
  });

  it("404 for an unknown interview or one of another person", async () => {
    const { candidate } = await setup();
    const other = await setup();
    expect((await upload(candidate.id, "nope", { file: pdf(), field_id: "docs" })).status).toBe(404);
    expect((await upload(candidate.id, other.i.id, { file: pdf(), field_id: "docs" })).status).toBe(404);
  });
});

describe("DELETE /api/interviews/:personId/:id/files/:fileId", () => {
  it("removes the row, the bytes and the entry in responses", async () => {
    const { candidate, i } = await setup();
    const a = await upload(candidate.id, i.id, { file: pdf("a"), field_id: "docs" });
    const b = await upload(candidate.id, i.id, { file: pdf("b"), field_id: "docs" });
    const key = (await db().interviewFile.findUniqueOrThrow({ where: { id: a.body.id } })).storageKey;
    const res = await api.delete(`/api/interviews/${candidate.id}/${i.id}/files/${a.body.id}`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await db().interviewFile.findUnique({ where: { id: a.body.id } })).toBeNull();
    expect(fs.existsSync(storedPath(key))).toBe(false);
    const full = await api.get(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token);
    expect(Object.keys(full.body.responses.docs)).toEqual([b.body.id]);
    expect((await api.get(filesPath(a.body.url), d.admin.token)).status).toBe(404);
    expect((await api.delete(`/api/interviews/${candidate.id}/${i.id}/files/${a.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("404 for a file of another interview", async () => {
    const one = await setup();
    const two = await setup();
    const file = await upload(two.candidate.id, two.i.id, { file: pdf(), field_id: "docs" });
    expect((await api.delete(`/api/interviews/${one.candidate.id}/${one.i.id}/files/${file.body.id}`, d.admin.token)).status).toBe(404);
    expect(await db().interviewFile.findUnique({ where: { id: file.body.id } })).not.toBeNull();
  });
});

describe("file fields in PATCH", () => {
  it("stores the server's record whatever the client sends, and deletes the attachments it leaves out", async () => {
    const { candidate, i } = await setup();
    const a = await upload(candidate.id, i.id, { file: pdf("a"), field_id: "docs" });
    const b = await upload(candidate.id, i.id, { file: pdf("b"), field_id: "docs" });
    const bKey = (await db().interviewFile.findUniqueOrThrow({ where: { id: b.body.id } })).storageKey;
    const res = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, {
      responses: { docs: { [a.body.id]: { name: "forged", url: "https://evil.example/x" } } },
    });
    expect(res.status).toBe(200);
    const { id, field_id, ...record } = a.body;
    expect(res.body.responses.docs).toEqual({ [id]: record });
    expect(field_id).toBe("docs");
    expect(await db().interviewFile.findUnique({ where: { id: b.body.id } })).toBeNull();
    expect(fs.existsSync(storedPath(bKey))).toBe(false);
  });

  it("refuses another field's or another interview's attachment (400), and null clears the field with its files", async () => {
    const { candidate, i } = await setup();
    const other = await setup();
    const a = await upload(candidate.id, i.id, { file: pdf("a"), field_id: "docs" });
    const p = await upload(candidate.id, i.id, { file: pdf("p"), field_id: "board_docs" });
    const foreign = await upload(other.candidate.id, other.i.id, { file: pdf("f"), field_id: "docs" });
    for (const value of [{ [p.body.id]: {} }, { [foreign.body.id]: {} }]) {
      const res = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { docs: value } });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe("responses.docs");
    }
    const cleared = await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { responses: { docs: null } });
    expect(cleared.body.responses).not.toHaveProperty("docs");
    expect(Object.keys(cleared.body.responses.board_docs)).toEqual([p.body.id]);
    expect(await db().interviewFile.findUnique({ where: { id: a.body.id } })).toBeNull();
  });
});

describe("who may fetch an attachment through /files", () => {
  it("the candidate and their mentor only once the interview is published; never from a private field", async () => {
    const { candidate, mentor, i } = await setup();
    const otherMentor = await d.addPerson("mentor");
    const board = await d.addPerson("board");
    const open = await upload(candidate.id, i.id, { file: pdf("open"), field_id: "docs" });
    const closed = await upload(candidate.id, i.id, { file: pdf("closed"), field_id: "board_docs" });
    const status = async (url: string, token: string) => (await api.get(filesPath(url), token)).status;

    for (const token of [candidate.token, mentor.token, otherMentor.token]) {
      expect(await status(open.body.url, token)).toBe(404);
      expect(await status(closed.body.url, token)).toBe(404);
    }
    await api.patch(`/api/interviews/${candidate.id}/${i.id}`, d.admin.token, { published: 1 });
    for (const token of [candidate.token, mentor.token]) {
      expect(await status(open.body.url, token)).toBe(200);
      expect(await status(closed.body.url, token)).toBe(404);
    }
    expect(await status(open.body.url, otherMentor.token)).toBe(404);
    for (const token of [d.admin.token, board.token]) {
      expect(await status(open.body.url, token)).toBe(200);
      expect(await status(closed.body.url, token)).toBe(200);
    }
    const candidateView = await api.get(`/api/interviews/${candidate.id}/${i.id}`, candidate.token);
    expect(candidateView.body.responses).not.toHaveProperty("board_docs");
  });

  it("API keys need read:interviews to fetch an attachment", async () => {
    const { candidate, i } = await setup();
    const file = await upload(candidate.id, i.id, { file: pdf(), field_id: "board_docs" });
    expect((await api.get(filesPath(file.body.url), (await d.addKey(["read:people"])).key)).status).toBe(403);
    expect((await api.get(filesPath(file.body.url), (await d.addKey(["read:interviews"])).key)).status).toBe(200);
  });
});
