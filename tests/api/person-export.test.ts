import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { seedPersonRecords, type SeededPerson } from "../helpers/person-records";
import { unzip } from "../helpers/unzip";

/**
 * GET /api/people/:id/export through the real route and database: who may, and the archive
 * itself, unzipped with yauzl: every part the README lists, each exactly as an admin reads it
 * through the API (so no field an admin could not read), the stored bytes unchanged, and nothing
 * of anyone else.
 */
let d: TestDistrict;
let other: TestDistrict;
let p: SeededPerson;
let bystander: SeededPerson;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Export"), makeDistrict("Export other")]);
  [p, bystander] = [await seedPersonRecords(d, "exported"), await seedPersonRecords(d, "bystander")];
});

async function download(id: string, token: string | null) {
  return api.get(`/api/people/${id}/export`, token);
}

describe("GET /api/people/:id/export: who may", () => {
  it("401 without a token or with an unknown one", async () => {
    expect((await download(p.id, null)).status).toBe(401);
    const res = await download(p.id, "not-a-token");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("403 for anyone but an administrator: a holder of every permission, a board member, the person, an API key with every scope", async () => {
    const editor = await d.addPersonWith(["people:edit", "interviews:edit", "settings"]);
    const board = await d.addPerson("board");
    const key = await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews", "audit"]);
    for (const token of [editor.token, board.token, p.token, key.key]) {
      const res = await download(p.id, token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("404 for another district's person and an unknown id", async () => {
    const theirs = await other.addPerson("candidate");
    expect((await download(theirs.id, d.admin.token)).status).toBe(404);
    expect((await download("cnotaperson000000000000000", d.admin.token)).status).toBe(404);
  });
});

describe("the archive", () => {
  let files: Map<string, Buffer>;
  let headers: Headers;
  const text = (name: string) => files.get(name)?.toString("utf8");
  const json = (name: string) => JSON.parse(text(name) ?? "null");

  beforeAll(async () => {
    const res = await download(p.id, d.admin.token);
    expect(res.status).toBe(200);
    headers = res.headers;
    files = await unzip(Buffer.from(await res.response.arrayBuffer()));
  });

  it("is a download named after the person, never cached", () => {
    expect(headers.get("content-type")).toBe("application/zip");
    expect(headers.get("content-disposition")).toBe(`attachment; filename="person-${p.id}.zip"`);
    expect(headers.get("cache-control")).toBe("private, no-store");
  });

  it("holds every part, and a README that says what each is", async () => {
    const fileId = (await db().personFile.findFirstOrThrow({ where: { districtId: d.id, personId: p.id } })).id;
    expect([...files.keys()].sort()).toEqual(
      [
        "README.txt",
        "person.json",
        "messages.json",
        "photo.png",
        `files/${fileId}-${p.last}-cv.txt`,
        `interviews/${p.interviewId}/interview.json`,
        `interviews/${p.interviewId}/scorecards.json`,
        `recordings/${p.recordingId}/audio.webm`,
        `recordings/${p.recordingId}/transcript.txt`,
        `recordings/${p.recordingId}/summary.txt`,
      ].sort(),
    );
    for (const part of ["person.json", "photo.*", "files/", "interview.json", "scorecards.json", "audio.*", "transcript.txt", "messages.json"])
      expect(text("README.txt")).toContain(part);
  });

  it("holds the person, the interview and its scorecards exactly as an admin reads them through the API", async () => {
    const person = await api.get(`/api/people/${p.id}?include=files,tags,photo_url`, d.admin.token);
    expect(json("person.json")).toMatchObject(person.body);
    expect(json("person.json").role_details).toEqual([expect.objectContaining({ id: d.roles.candidate, kind: "candidate", primary: true })]);
    const interview = await api.get(`/api/interviews/${p.id}/${p.interviewId}`, d.admin.token);
    expect(json(`interviews/${p.interviewId}/interview.json`)).toEqual(interview.body);
    // The private answer is there because an admin reads it, and only as they read it.
    expect(json(`interviews/${p.interviewId}/interview.json`).responses.secret).toEqual({ en: p.privateAnswer });
    const scorecards = await api.get(`/api/interviews/${p.id}/${p.interviewId}/scorecards`, d.admin.token);
    expect(json(`interviews/${p.interviewId}/scorecards.json`)).toEqual(scorecards.body);
    expect(scorecards.body).toEqual([expect.objectContaining({ member_id: d.admin.id, recommendation: 3, note: p.scoreNote })]);
  });

  it("holds the stored bytes unchanged, and the transcript and summary as text", async () => {
    expect(files.get(`recordings/${p.recordingId}/audio.webm`)!.equals(p.audio)).toBe(true);
    expect(text(`recordings/${p.recordingId}/transcript.txt`)).toBe(p.transcript);
    expect(text(`recordings/${p.recordingId}/summary.txt`)).toBe(p.summary);
    const fileName = [...files.keys()].find((n) => n.startsWith("files/"))!;
    expect(text(fileName)).toBe(p.fileText);
    expect([...files.get("photo.png")!]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  });

  it("holds the messages the person wrote, and nobody else's", () => {
    const messages = json("messages.json") as { conversation_id: string; body: string }[];
    expect(messages).toEqual([
      expect.objectContaining({
        conversation_id: p.conversationId,
        body: `${p.said}, says ${p.first}`,
        language: expect.any(String),
        created_at: expect.any(Number),
      }),
    ]);
    const everything = [...files.values()].map((b) => b.toString("latin1")).join("\n");
    expect(everything).not.toContain(p.reply);
    for (const secret of bystander.secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(bystander.recordingId);
  });

  it("is recorded in the audit trail as a read of the person's data, by the admin", async () => {
    const events = await db().auditEvent.findMany({ where: { districtId: d.id, action: "person.exported", personId: p.id } });
    expect(events.map((e) => [e.actorType, e.actorId])).toEqual([["person", d.admin.id]]);
  });
});
