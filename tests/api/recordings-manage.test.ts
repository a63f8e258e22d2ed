import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { interviewChannel, RECORDING_CHANGED_EVENT } from "@/lib/audio/recording-events.shared";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { JOB_HANDLERS } from "@/lib/jobs/handlers";
import { api, call } from "../helpers/api";
import { capture, captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { startTestRealtime, subscribe, type TestRealtime } from "../helpers/realtime";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/**
 * Renaming and deleting a saved recording (PATCH / DELETE /api/audio/recordings/:recordingId):
 * the name rules, who may (404 for whoever cannot see it, 403 for whoever sees but may not edit,
 * 401 without a valid token), and a delete that leaves nothing of the recording behind (rows,
 * translations, search entries, files) but its audit rows, tells webhooks and open pages, and
 * that a pipeline step running meanwhile does not bring back.
 */

process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
resetEnvCache();

let d: TestDistrict;
let other: TestDistrict;
let openai: OpenAiServer;
let realtime: TestRealtime;
let receiver: WebhookReceiver;
let webm: Buffer;

const SEGMENTS = [
  { start: 0.2, end: 1.2, text: "Good morning" },
  { start: 1.4, end: 2.8, text: "Tell us about your training" },
];
const WAIT = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  d = await makeDistrict("Recordings manage");
  other = await makeDistrict("Recordings other");
  webm = await liveWebm(3);
  openai = await startOpenAiServer();
  realtime = await startTestRealtime();
  receiver = await startWebhookReceiver();
  // A board member reading Spanish: the pipeline translates every transcript and summary for them.
  await d.addPerson("board", { language: "es" });
});

beforeEach(() => {
  process.env.OPENAI_BASE_URL = openai.url;
  process.env.OPENAI_API_KEY = openai.apiKey;
  resetEnvCache();
  openai.answerTranscriptions(() => ({ text: SEGMENTS.map((s) => s.text).join(" "), language: "english", duration: 3, segments: SEGMENTS }));
});

afterAll(async () => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "WEBHOOK_URL_HOSTS", "WEBHOOK_TIMEOUT_MS"]) delete process.env[name];
  resetEnvCache();
  await receiver.close();
  await realtime.close();
  await openai.close();
});

/** A saved recording of a new (published) interview, its pipeline run to the end: transcript, summary, Spanish translations. */
async function recorded(district = d, { settle = true } = {}) {
  const candidate = await district.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, district.admin.token, { date: "2026-11-01" })).body.id as string;
  expect((await api.patch(`/api/interviews/${candidate.id}/${interviewId}`, district.admin.token, { published: 1 })).status).toBe(200);
  const recordingId = newRecordingId("manage");
  await captureAll(district.admin.token, recordingId, cut(webm, 2));
  const res = await api.post("/api/audio/finalize", district.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Interview" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (settle) await pipelineSettled(district.admin.token, recordingId);
  return { candidate, interviewId, recordingId, path: `/api/audio/recordings/${recordingId}` };
}

const audioOf = async (r: Awaited<ReturnType<typeof recorded>>) =>
  (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio as Record<string, { name: Record<string, string> }>;

describe("PATCH /api/audio/recordings/:recordingId", () => {
  it("a string names it in the caller's language, replacing every other; the answer is the interview's `audio` entry with its ids; open pages hear it", async () => {
    const r = await recorded();
    const client = await realtime.connectClient();
    const channel = await subscribe(client, interviewChannel(r.interviewId));
    const heard: unknown[] = [];
    channel.bind(RECORDING_CHANGED_EVENT, (data: unknown) => heard.push(data));

    const res = await api.patch(r.path, d.admin.token, { name: "  Board interview, part 2  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const audio = await audioOf(r);
    expect(res.body).toEqual({ id: r.recordingId, interview_id: r.interviewId, person_id: r.candidate.id, ...audio[r.recordingId] });
    expect(res.body.name).toEqual({ en: "Board interview, part 2" });
    expect(res.body.transcript.en).toBe("Good morning Tell us about your training");
    await expect.poll(() => heard, WAIT).toEqual([{ recording_id: r.recordingId, name: { en: "Board interview, part 2" } }]);

    // A Spanish-reading editor names it in Spanish; a key keeps the language the name is in.
    const spanish = await d.addPerson("board", { language: "es" });
    expect((await api.patch(r.path, spanish.token, { name: "Entrevista" })).body.name).toEqual({ es: "Entrevista" });
    const key = await d.addKey(["write:interviews"]);
    expect((await api.patch(r.path, key.key, { name: "Entrevista, parte 2" })).body.name).toEqual({ es: "Entrevista, parte 2" });
    // An object names it per language.
    const both = await api.patch(r.path, d.admin.token, { name: { en: "Part 2", es: " Parte 2 " } });
    expect(both.body.name).toEqual({ en: "Part 2", es: "Parte 2" });
    expect((await audioOf(r))[r.recordingId].name).toEqual({ en: "Part 2", es: "Parte 2" });
  });

  it("refuses a name that is missing, empty, too long, not text, or holds a NUL or a lone surrogate (400, the error body), and changes nothing", async () => {
    const r = await recorded(d, { settle: false });
    const bad: unknown[] = [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(201) },
      { name: "a\u0000b" },
      { name: "a\ud800b" },
      { name: 42 },
      { name: null },
      { name: {} },
      { name: { en: "" } },
      { name: { en: "x".repeat(201) } },
      { name: { en: "ok", es: "a\u0000" } },
      { name: { "not a language!": "Name" } },
      JSON.parse('{"name": {"__proto__": "Name"}}'),
    ];
    for (const body of bad) {
      const res = await api.patch(r.path, d.admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(res.body.error.details[0].path).toMatch(/^name/);
    }
    const broken = await call("PATCH", r.path, { token: d.admin.token, rawBody: '{"name": ', headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("invalid_json");
    expect((await api.patch(r.path, d.admin.token, { name: "x".repeat(200) })).status).toBe(200);
    expect((await audioOf(r))[r.recordingId].name).toEqual({ en: "x".repeat(200) });
  });
});

describe("who may rename or delete", () => {
  it("401 without a valid token; 404 for another district, an unknown id, or an interview the caller cannot see; 403 for whoever sees it but may not edit; nothing changes", async () => {
    const r = await recorded(d, { settle: false });
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, r.candidate.id);
    const otherMentor = await d.addPerson("mentor");
    const otherCandidate = await d.addPerson("candidate");
    const staffWithout = await d.addPerson("other");
    const readKey = await d.addKey(["read:interviews"]);
    const revoked = await d.addKey(["write:interviews"], { revoked: true });
    const expired = await d.addKey(["write:interviews"], { expiresAt: new Date(Date.now() - 1000) });

    const cases: Array<[string, string | null, number, string]> = [
      ["no token", null, 401, "unauthorized"],
      ["an unknown token", "cas_nope", 401, "unauthorized"],
      ["a revoked key", revoked.key, 401, "unauthorized"],
      ["an expired key", expired.key, 401, "unauthorized"],
      ["another district's admin", other.admin.token, 404, "not_found"],
      ["another district's key", (await other.addKey(["write:interviews"])).key, 404, "not_found"],
      ["a mentor of another candidate", otherMentor.token, 404, "not_found"],
      ["another candidate", otherCandidate.token, 404, "not_found"],
      ["staff who see no interviews", staffWithout.token, 404, "not_found"],
      ["the candidate's mentor (reads it)", mentor.token, 403, "forbidden"],
      ["the candidate (reads it)", r.candidate.token, 403, "forbidden"],
      ["a key without write:interviews", readKey.key, 403, "forbidden"],
    ];
    for (const [who, token, status, code] of cases) {
      for (const res of [await api.patch(r.path, token, { name: "Taken over" }), await api.delete(r.path, token)]) {
        expect(res.status, who).toBe(status);
        expect(res.body.error.code, who).toBe(code);
      }
    }
    for (const id of ["no-such-recording", r.recordingId.toUpperCase()]) {
      expect((await api.delete(`/api/audio/recordings/${id}`, d.admin.token)).status).toBe(404);
    }
    expect((await audioOf(r))[r.recordingId].name).toEqual({ en: "Interview" });

    // Whoever may edit the interview may: a board member, a key with write:interviews.
    const board = await d.addPerson("board");
    expect((await api.patch(r.path, board.token, { name: "By the board" })).status).toBe(200);
    const writeKey = await d.addKey(["write:interviews"]);
    expect((await api.delete(r.path, writeKey.key)).body).toEqual({ ok: true });
    expect((await api.delete(r.path, writeKey.key)).status).toBe(404);
  });

  it("a recording not saved yet: 409 for the one recording it, 404 for anyone else", async () => {
    const recordingId = newRecordingId("unsaved");
    expect((await capture(d.admin.token, recordingId, 1, cut(webm, 2)[0])).status).toBe(200);
    const path = `/api/audio/recordings/${recordingId}`;
    const res = await api.delete(path, d.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect((await api.patch(path, d.admin.token, { name: "Early" })).status).toBe(409);
    const board = await d.addPerson("board");
    expect((await api.delete(path, board.token)).status).toBe(404);
    expect(await db().audioChunk.count({ where: { recordingId, districtId: d.id } })).toBe(1);
  });
});

/** How many rows of each kind the recording has. */
async function rowsOf(recordingId: string) {
  const count = async (sql: string) => Number((await db().$queryRawUnsafe<{ n: bigint }[]>(sql, recordingId, d.id))[0].n);
  const search = (await db().$queryRaw<{ t: string | null }[]>`select to_regclass('search_documents')::text as t`)[0].t;
  return {
    recordings: await count("select count(*) as n from audio_recordings where id = $1 and district_id = $2"),
    segments: await count("select count(*) as n from transcript_segments where recording_id = $1 and district_id = $2"),
    steps: await count("select count(*) as n from recording_steps where recording_id = $1 and district_id = $2"),
    chunks: await count("select count(*) as n from audio_chunks where recording_id = $1 and district_id = $2"),
    translations: await count(
      "select count(*) as n from translations where source_id = $1 and district_id = $2 and source_type in ('transcript', 'summary', 'segment')",
    ),
    ...(search
      ? {
          search: await count("select count(*) as n from search_documents where recording_id = $1 and district_id = $2"),
          searchPending: await count("select count(*) as n from search_pending where recording_id = $1 and district_id = $2"),
        }
      : {}),
  };
}

const onDisk = (key: string) => fs.existsSync(path.join(env().DATA_DIR, "files", key));

describe("DELETE /api/audio/recordings/:recordingId", () => {
  it("removes the recording with its transcript, summary, translations, steps, chunks, search entries and files; the audit row remains; webhook and realtime tell it", async () => {
    const hook = await api.post("/api/webhooks", d.admin.token, { url: receiver.url("/deleted"), event_types: ["recording.deleted"] });
    expect(hook.status).toBe(201);
    receiver.trust("/deleted", hook.body.secret);
    const r = await recorded();
    const { storageKey } = await db().audioRecording.findFirstOrThrow({ where: { id: r.recordingId, districtId: d.id }, select: { storageKey: true } });
    // A chunk still waiting for its clean-up job (fixture: as if the job had not run yet).
    const chunkKey = `${d.id}/audio-chunks/${r.recordingId}/left-over`;
    fs.mkdirSync(path.dirname(path.join(env().DATA_DIR, "files", chunkKey)), { recursive: true });
    fs.writeFileSync(path.join(env().DATA_DIR, "files", chunkKey), "chunk");
    await db().audioChunk.create({
      data: { recordingId: r.recordingId, number: 99, districtId: d.id, storageKey: chunkKey, size: 5, contentType: "audio/webm" },
    });

    const before = await rowsOf(r.recordingId);
    expect(before).toMatchObject({ recordings: 1, segments: 2, chunks: expect.any(Number), steps: 4 });
    expect(before.translations).toBeGreaterThanOrEqual(3); // the segments' and the summary's, in Spanish
    // Its name, summary and transcript are found by search (indexed by a job of the search index, when it exists).
    if ("search" in before) await expect.poll(async () => (await rowsOf(r.recordingId)).search, WAIT).toBeGreaterThanOrEqual(3);
    expect(onDisk(storageKey!)).toBe(true);

    const client = await realtime.connectClient();
    const channel = await subscribe(client, interviewChannel(r.interviewId));
    const heard: unknown[] = [];
    channel.bind(RECORDING_CHANGED_EVENT, (data: unknown) => heard.push(data));

    const res = await api.delete(r.path, d.admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect(await rowsOf(r.recordingId)).toEqual({
      recordings: 0,
      segments: 0,
      steps: 0,
      chunks: 0,
      translations: 0,
      ...("search" in before ? { search: 0, searchPending: 0 } : {}),
    });
    expect(onDisk(storageKey!)).toBe(false);
    expect(onDisk(chunkKey)).toBe(false);
    expect(await audioOf(r)).toEqual({});
    expect((await api.get(r.path, d.admin.token)).status).toBe(404);
    await expect.poll(() => heard, WAIT).toEqual([{ recording_id: r.recordingId, deleted: 1 }]);

    await expect.poll(() => receiver.received("/deleted").length, WAIT).toBe(1);
    const [got] = receiver.received("/deleted");
    expect(got.verifiedWith).toEqual([hook.body.secret]);
    expect(got.payload).toEqual({
      type: "recording.deleted",
      timestamp: expect.any(String),
      data: { id: r.recordingId, interview_id: r.interviewId, person_id: r.candidate.id, name: { en: "Interview" }, deleted_at: expect.any(Number) },
    });

    // The audit trail keeps what happened to it.
    const audit = await db().$queryRaw<{ action: string; actor_id: string | null }[]>`
      select action, actor_id from audit_events where district_id = ${d.id} and record_type = 'recording' and record_id = ${r.recordingId} order by seq`;
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["recording.created", "recording.deleted"]));
    expect(audit.find((a) => a.action === "recording.deleted")!.actor_id).toBe(d.admin.id);
  }, 120_000);

  it("the job that deletes the files again leaves alone a key that a recording names again", async () => {
    const key = `${d.id}/audio/x/${newRecordingId("again")}.webm`;
    const unused = `${d.id}/audio/x/${newRecordingId("gone")}.webm`;
    for (const k of [key, unused]) {
      fs.mkdirSync(path.dirname(path.join(env().DATA_DIR, "files", k)), { recursive: true });
      fs.writeFileSync(path.join(env().DATA_DIR, "files", k), "bytes");
    }
    await db().audioRecording.create({ data: { id: newRecordingId("again"), districtId: d.id, storageKey: key } });
    const result = await JOB_HANDLERS["recording-files-delete"](
      { districtId: d.id, keys: [key, unused] },
      { id: "t", queue: "recording-files-delete", retryCount: 0, retryLimit: 2, isLastAttempt: false },
    );
    expect(result).toEqual({ deleted: 1 });
    expect([onDisk(key), onDisk(unused)]).toEqual([true, false]);
  });

  it("a transcription under way when the recording is deleted writes nothing back", async () => {
    const r = await recorded();
    const url = (await api.get(r.path, d.admin.token)).body.url as string;
    let jobId: string | null = null;
    // The engine is asked; meanwhile, the recording is deleted; then the engine answers.
    openai.answerTranscriptions(async () => {
      jobId = (await db().recordingStep.findFirstOrThrow({ where: { recordingId: r.recordingId, districtId: d.id, step: "transcribe" } })).jobId;
      expect((await api.delete(r.path, d.admin.token)).status).toBe(200);
      return { text: "Written too late", language: "english", duration: 3, segments: [{ start: 0, end: 1, text: "Written too late" }] };
    });
    const accepted = await api.post(
      "/api/audio/transcribe",
      d.admin.token,
      { url, personId: r.candidate.id, interviewId: r.interviewId, recordingId: r.recordingId, force: true },
      { headers: { prefer: "respond-async" } },
    );
    expect(accepted.status).toBe(202);
    const job = () => db().$queryRawUnsafe<{ state: string; output: unknown }[]>(`select state, output from "${env().JOBS_SCHEMA}".job where id = $1`, jobId);
    await expect.poll(async () => (jobId ? (await job())[0]?.state : null), WAIT).toBe("completed");
    expect((await job())[0].output).toEqual({ skipped: "the recording was deleted" });
    expect(await rowsOf(r.recordingId)).toMatchObject({ recordings: 0, segments: 0, steps: 0, chunks: 0, translations: 0 });
  });
});
