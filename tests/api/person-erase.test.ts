import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env, resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { seedPersonRecords, type SeededPerson } from "../helpers/person-records";
import { startTestRealtime, type TestRealtime } from "../helpers/realtime";
import { assertAccessEnded, connectAs } from "../helpers/realtime-access";
import { columnsHolding } from "../helpers/text-scan";

/**
 * POST /api/people/:id/erase through the real routes and database: who may, the confirmation,
 * the last administrator, and that afterwards the person's name, e-mail and texts are nowhere:
 * not in the API (the person, the list, search, the conversation as the other participant), not in
 * storage or the outbox, not in what later requests log, not in any text column of any table
 * (pg-boss's included); their sessions are gone, their realtime socket closed, the audit chain
 * still verifies, and what the district keeps (the interview and its decision) is still there.
 */
process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
resetEnvCache();

let d: TestDistrict;
let other: TestDistrict;
let realtime: TestRealtime;

beforeAll(async () => {
  realtime = await startTestRealtime({ requireSignin: true });
  [d, other] = await Promise.all([makeDistrict("Erase"), makeDistrict("Erase other")]);
  // Webhook events about the person are kept in the log: they must go too.
  expect(
    (await api.post("/api/webhooks", d.admin.token, { url: "http://127.0.0.1:9/hook", event_types: ["person.created", "person.updated", "person.erased"] }))
      .status,
  ).toBe(201);
});

afterAll(async () => {
  await realtime.close();
  delete process.env.WEBHOOK_URL_HOSTS;
  resetEnvCache();
});

const storedPath = (key: string) => path.join(env().dataDir, "files", key);
/** Stored files (DATA_DIR/files) whose bytes hold `text`. Other test files' jobs delete files meanwhile: what vanishes is skipped. */
const storedFilesHolding = (text: string) => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readOrNothing(() => fs.readdirSync(dir, { withFileTypes: true })) ?? []) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (readOrNothing(() => fs.readFileSync(file))?.includes(text)) found.push(file);
    }
  };
  walk(path.join(env().dataDir, "files"));
  return found;
};
function readOrNothing<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
const outboxMentions = (text: string) => {
  const dir = path.join(env().dataDir, "outbox");
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((n) => fs.readFileSync(path.join(dir, n), "utf8").toLowerCase().includes(text.toLowerCase()));
};

describe("POST /api/people/:id/erase: who may", () => {
  it("401 without a token or with an unknown one", async () => {
    const p = await d.addPerson("candidate");
    expect((await api.post(`/api/people/${p.id}/erase`, null, { email: p.email })).status).toBe(401);
    const res = await api.post(`/api/people/${p.id}/erase`, "not-a-token", { email: p.email });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("403 for anyone but an administrator: a people editor, a board member, an API key with every scope", async () => {
    const p = await d.addPerson("candidate");
    const editor = await d.addPersonWith(["people:edit", "interviews:edit", "settings"]);
    const board = await d.addPerson("board");
    const key = await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews", "audit"]);
    for (const token of [editor.token, board.token, key.key]) {
      const res = await api.post(`/api/people/${p.id}/erase`, token, { email: p.email });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    expect((await api.get(`/api/people/${p.id}`, d.admin.token)).body.email).toBe(p.email);
  });

  it("404 for another district's person and an unknown id", async () => {
    const theirs = await other.addPerson("candidate");
    expect((await api.post(`/api/people/${theirs.id}/erase`, d.admin.token, { email: theirs.email })).status).toBe(404);
    expect((await api.post(`/api/people/cnotaperson000000000000000/erase`, d.admin.token, { email: theirs.email })).status).toBe(404);
    expect((await api.get(`/api/people/${theirs.id}`, other.admin.token)).body.email).toBe(theirs.email);
  });

  it("400 without the e-mail, or with another one; nothing changes", async () => {
    const p = await d.addPerson("candidate", { first: "Keep", last: "Me" });
    for (const body of [{}, { email: "" }, { email: "someone.else@example.test" }, { email: p.email, extra: 1 }]) {
      const res = await api.post(`/api/people/${p.id}/erase`, d.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    const res = await api.post(`/api/people/${p.id}/erase`, d.admin.token, undefined, {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_json");
    const person = (await api.get(`/api/people/${p.id}`, d.admin.token)).body;
    expect(person).toMatchObject({ first: "Keep", last: "Me", email: p.email, archived: 0 });
  });

  it("409 for the district's last active administrator; the e-mail's case does not matter", async () => {
    const lone = await makeDistrict("Erase lone admin");
    const res = await api.post(`/api/people/${lone.admin.id}/erase`, lone.admin.token, { email: lone.admin.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect((await api.get(`/api/people/${lone.admin.id}`, lone.admin.token)).body.email).toBe(lone.admin.email);
  });
});

describe("after an erasure", () => {
  let p: SeededPerson;
  let bystander: SeededPerson;

  beforeAll(async () => {
    [p, bystander] = [await seedPersonRecords(d, "erased"), await seedPersonRecords(d, "kept")];
  });

  it("the person's name, e-mail and texts appear nowhere, and what the district keeps stays", async () => {
    // The scan finds every one of them before (the file's text is in storage only).
    const inDatabase = p.secrets.filter((s) => s !== p.fileText);
    expect(Object.keys(await columnsHolding(inDatabase)).sort()).toEqual([...inDatabase].sort());
    expect(storedFilesHolding(p.fileText)).toHaveLength(1);
    const lost = await connectAs(realtime, p, [`private-person-${p.id}`, `private-conversation-${p.conversationId}`]);
    const witness = await connectAs(realtime, { id: d.admin.id, token: d.admin.token }, [
      `private-person-${d.admin.id}`,
      `private-conversation-${p.conversationId}`,
    ]);

    const res = await api.post(`/api/people/${p.id}/erase`, d.admin.token, { email: p.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, id: p.id });

    // Realtime: the socket closed at once, nothing later reaches it, and it cannot come back.
    await assertAccessEnded(lost, witness, `private-conversation-${p.conversationId}`, async () => {
      const body = `After the erasure ${Date.now()}`;
      expect((await api.post(`/api/messages/${p.conversationId}`, d.admin.token, { body })).status).toBe(201);
      return (r) => r.data?.message?.body === body || r.data?.body === body;
    });

    // Sessions: gone at once.
    expect((await api.get("/api/me", p.token)).status).toBe(401);
    expect(await db().session.count({ where: { personId: p.id } })).toBe(0);

    // Later requests log nothing of them.
    const logged: string[] = [];
    const spies = [
      vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (logged.push(String(chunk)), true)),
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (logged.push(String(chunk)), true)),
      ...(["log", "info", "warn", "error", "debug"] as const).map((m) =>
        vi.spyOn(console, m).mockImplementation((...args) => void logged.push(args.map(String).join(" "))),
      ),
    ];
    let person, list, search, thread, interview;
    try {
      person = await api.get(`/api/people/${p.id}?include=files,tags,interviews,photo_url`, d.admin.token);
      list = await api.get("/api/people?archived=true", d.admin.token);
      search = await api.get(`/api/search?q=${encodeURIComponent(p.first)}`, d.admin.token);
      thread = await api.get(`/api/messages/${p.conversationId}`, d.admin.token);
      interview = await api.get(`/api/interviews/${p.id}/${p.interviewId}`, d.admin.token);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const answers = JSON.stringify([person.body, list.body, search.body, thread.body, interview.body, logged]);
    for (const secret of p.secrets) expect(answers.toLowerCase()).not.toContain(secret.toLowerCase());

    // The anonymous row keeps the interview's place: the fact of it and its decision.
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({ first: "Erased", last: "person", archived: 1, roles: {}, tags: [], files: [], photo_url: null, mentors: [] });
    expect(person.body.interviews.map((i: { id: string }) => i.id)).toEqual([p.interviewId]);
    expect(interview.status).toBe(200);
    expect(interview.body).toMatchObject({ id: p.interviewId, date: "2026-03-10", published: 1, responses: {}, audio: {} });
    const scorecards = await api.get(`/api/interviews/${p.id}/${p.interviewId}/scorecards`, d.admin.token);
    expect(scorecards.body).toEqual([expect.objectContaining({ member_id: d.admin.id, recommendation: 3, note: null, responses: {} })]);
    expect(search.status).toBe(200);

    // The others' thread still reads in order: their message is a "deleted" one, the reply is there.
    expect(thread.status).toBe(200);
    const messages = thread.body.messages as { sender_id: string; kind: string; body: string; seq: number }[];
    const theirs = messages.filter((m) => m.sender_id === p.id);
    expect(theirs.map((m) => [m.kind, m.body])).toEqual([["deleted", ""]]);
    expect(messages.map((m) => m.body)).toContain(p.reply);
    expect(messages.map((m) => m.seq)).toEqual([...messages.map((m) => m.seq)].sort((a, b) => a - b));

    // Storage and the outbox.
    expect(fs.existsSync(storedPath(p.audioKey))).toBe(false);
    expect(
      fs
        .readdirSync(path.join(env().dataDir, "files", d.id), { recursive: true })
        .map(String)
        .filter((f) => f.includes(p.id) || f.includes(p.recordingId)),
    ).toEqual([]);
    expect(outboxMentions(p.email)).toEqual([]);
    for (const secret of p.secrets) expect(storedFilesHolding(secret)).toEqual([]);

    // Every text column of every table.
    expect(await columnsHolding(p.secrets)).toEqual({});

    // The audit trail keeps the events (redacted) and still verifies.
    const events = await db().auditEvent.findMany({ where: { districtId: d.id, personId: p.id }, select: { action: true, actorName: true } });
    expect(events.map((e) => e.action)).toContain("person.erased");
    expect(events.map((e) => e.action)).toContain("person.created");
    expect(await verifyAuditChain(pool(), d.id)).toMatchObject({ ok: true });
  }, 120_000);

  it("leaves everyone else as they were", async () => {
    const still = await api.get(`/api/people/${bystander.id}?include=files`, d.admin.token);
    expect(still.body).toMatchObject({ first: bystander.first, last: bystander.last, email: bystander.email });
    expect(still.body.files).toHaveLength(1);
    expect(fs.existsSync(storedPath(bystander.audioKey))).toBe(true);
    const interview = await api.get(`/api/interviews/${bystander.id}/${bystander.interviewId}`, d.admin.token);
    expect(interview.body.responses.notes.en).toContain(bystander.answer);
    expect(Object.keys(interview.body.audio)).toEqual([bystander.recordingId]);
    const thread = await api.get(`/api/messages/${bystander.conversationId}`, bystander.token);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toContain(`${bystander.said}, says ${bystander.first}`);
    expect(Object.keys(await columnsHolding([bystander.first]))).toEqual([bystander.first]);
  });

  it("a second erasure of the same person is a 404", async () => {
    const res = await api.post(`/api/people/${p.id}/erase`, d.admin.token, { email: p.email });
    expect(res.status).toBe(404);
  });
});
