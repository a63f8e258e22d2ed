import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queueStep } from "@/lib/audio/pipeline/step-state";
import { interviewChannel, RECORDING_STEP_EVENT } from "@/lib/audio/recording-events.shared";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { api, type ApiResponse } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { startTestRealtime, subscribe, type TestRealtime } from "../helpers/realtime";

/**
 * The recording steps as integrators and pages follow them: `Prefer: respond-async` on
 * POST /api/audio/transcribe and /summarize (202 and the status URL, which shows each step's
 * state, progress, error and attempts), the `recording-step` realtime event with progress, one
 * provider call for requests that arrive together, and no job for a change that rolled back.
 */

let d: TestDistrict;
let openai: OpenAiServer;
let realtime: TestRealtime;
let webm: Buffer;

const TEXT = "Good morning";
type Step = { step: string; state: string; progress: { done: number; total: number; unit: string }; attempts: number; error: string | null };

function useProvider(working: boolean) {
  process.env.OPENAI_BASE_URL = working ? openai.url : "http://127.0.0.1:9/v1"; // nothing listens on 9
  process.env.OPENAI_API_KEY = openai.apiKey;
  resetEnvCache();
}

beforeAll(async () => {
  d = await makeDistrict("Audio steps");
  webm = await liveWebm(3);
  openai = await startOpenAiServer();
  realtime = await startTestRealtime();
});

beforeEach(() => {
  useProvider(true);
  openai.answerTranscriptions(() => ({ text: TEXT, language: "english", duration: 3, segments: [{ start: 0.2, end: 1.4, text: TEXT }] }));
});

afterAll(async () => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY"]) delete process.env[name];
  resetEnvCache();
  await realtime.close();
  await openai.close();
});

/** A finalized recording of a new interview, its pipeline run to the end. */
async function recorded() {
  const candidate = await d.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-11-01" })).body.id as string;
  const recordingId = newRecordingId("steps");
  await captureAll(d.admin.token, recordingId, cut(webm, 2));
  const res = await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Interview" } });
  expect(res.status).toBe(200);
  await pipelineSettled(d.admin.token, recordingId);
  return { interviewId, recordingId, url: res.body.url as string, target: { personId: candidate.id, interviewId, recordingId } };
}

const stepOf = async (recordingId: string, step: string): Promise<Step> =>
  (await api.get(`/api/audio/recordings/${recordingId}`, d.admin.token)).body.steps.find((s: Step) => s.step === step);

/** The 202 of a step asked for with Prefer: respond-async, and where it points. */
function expectAccepted(res: ApiResponse, recordingId: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const statusUrl = new URL(res.body.status_url);
  expect(res.body).toEqual({ ok: true, recordingId, status: "accepted", status_url: statusUrl.href });
  expect(res.headers.get("location")).toBe(statusUrl.href);
  expect(res.headers.get("preference-applied")).toBe("respond-async");
  expect(statusUrl.pathname).toBe(`/api/audio/recordings/${recordingId}`);
  return statusUrl.pathname;
}

describe("Prefer: respond-async", () => {
  it("POST /api/audio/transcribe answers 202 at once; the status URL shows the step's failed attempt, its error, then its retry done with its progress", async () => {
    const r = await recorded();
    const calls = openai.calls.transcriptions;
    useProvider(false);
    const accepted = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, force: true }, { headers: { prefer: "respond-async" } });
    const statusPath = expectAccepted(accepted, r.recordingId);
    // The provider is down: the attempt fails, the step waits for its retry and says why.
    await expect
      .poll(async () => (await api.get(statusPath, d.admin.token)).body.steps.find((s: Step) => s.step === "transcribe"), { timeout: 30_000 })
      .toMatchObject({ state: "queued", attempts: 2, error: expect.any(String) });
    expect(openai.calls.transcriptions).toBe(calls);
    useProvider(true);
    // Its retry is due now rather than after pg-boss's backoff (10 to 20 s).
    const dueNow = () =>
      db().$executeRawUnsafe(
        `update "${env().JOBS_SCHEMA}".job set start_after = now() where name = 'recording-transcribe' and singleton_key = $1 and state = 'retry'`,
        r.recordingId,
      );
    await expect.poll(dueNow, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => stepOf(r.recordingId, "transcribe"), { timeout: 60_000, interval: 500 }).toMatchObject({ state: "done", attempts: 3, error: null });
    const done = await stepOf(r.recordingId, "transcribe");
    expect(done.progress.unit).toBe("ms");
    expect(done.progress.total).toBeGreaterThan(2000);
    expect(done.progress.done).toBe(done.progress.total);
    expect(openai.calls.transcriptions).toBe(calls + 1);
  }, 120_000);

  it("POST /api/audio/summarize answers 202 at once; the status URL follows the step from queued to done", async () => {
    const r = await recorded();
    const transcript = "We talked about the training plan for the new volunteers and the calendar of next month.";
    const accepted = await api.post("/api/audio/summarize", d.admin.token, { ...r.target, transcript, force: true }, { headers: { prefer: "respond-async" } });
    const statusPath = expectAccepted(accepted, r.recordingId);
    const first = (await api.get(statusPath, d.admin.token)).body.steps.find((s: Step) => s.step === "summarize");
    expect(["queued", "running", "done"]).toContain(first.state);
    await expect.poll(() => stepOf(r.recordingId, "summarize"), { timeout: 30_000 }).toMatchObject({ state: "done", attempts: 2, error: null });
    const stored = (await api.post("/api/audio/summarize", d.admin.token, { ...r.target, transcript })).body;
    expect(stored.summary).toBe("Summary (en): We talked about the training plan for the");
  }, 60_000);
});

describe("the recording-step event", () => {
  it("reaches the interview's channel with each step's progress", async () => {
    const r = await recorded();
    const client = await realtime.connectClient();
    const channel = await subscribe(client, interviewChannel(r.interviewId));
    const events: Array<Step & { recording_id: string }> = [];
    channel.bind(RECORDING_STEP_EVENT, (data: Step & { recording_id: string }) => events.push(data));
    const res = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, force: true });
    expect(res.status).toBe(200);
    await expect.poll(() => events.some((e) => e.step === "transcribe" && e.state === "done"), { timeout: 10_000 }).toBe(true);
    const transcribing = events.filter((e) => e.recording_id === r.recordingId && e.step === "transcribe" && e.state === "running");
    // Taken (nothing measured yet), shown as 0 of the recording's length, then as its pieces are done.
    const measured = transcribing.filter((e) => e.progress.total > 0);
    expect(measured[0].progress).toEqual({ done: 0, total: expect.any(Number), unit: "ms" });
    expect(measured[0].progress.total).toBeGreaterThan(2000);
    expect(measured.at(-1)!.progress.done).toBe(measured.at(-1)!.progress.total);
    expect(transcribing[0].attempts).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe("one provider call per step", () => {
  it("requests arriving together for a failed step queue it once: one transcription, and every request gets it", async () => {
    const r = await recorded();
    // The transcription failed for good (no transcript kept).
    await db()
      .$executeRaw`update recording_steps set state = 'failed', error = 'The provider was down.' where recording_id = ${r.recordingId} and step = 'transcribe' and district_id = ${d.id}`;
    await db().$executeRaw`update audio_recordings set transcribed_at = null where id = ${r.recordingId} and district_id = ${d.id}`;
    const calls = openai.calls.transcriptions;
    openai.answerTranscriptions(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // long enough for the others to arrive while it runs
      return { text: TEXT, language: "english", duration: 3 };
    });
    // A few milliseconds apart, so that some arrive as the first one's job is being taken.
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 10));
        return api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target });
      }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.transcript))).toEqual(new Set([TEXT]));
    expect(openai.calls.transcriptions).toBe(calls + 1);
  }, 60_000);
});

describe("a step's job and its change commit together", () => {
  it("a change that rolls back leaves no job and the step as it was", async () => {
    const r = await recorded();
    const before = await stepOf(r.recordingId, "summarize");
    await expect(
      transactionWithJobs(async (tx, enqueue) => {
        await queueStep(tx, enqueue, { districtId: d.id, recordingId: r.recordingId }, "summarize");
        throw new Error("the change failed after queueing its step");
      }),
    ).rejects.toThrow("the change failed");
    const jobs = await db().$queryRawUnsafe<{ state: string }[]>(
      `select state::text from "${env().JOBS_SCHEMA}".job where name = 'recording-summarize' and singleton_key = $1 and state in ('created', 'retry', 'active')`,
      r.recordingId,
    );
    expect(jobs).toEqual([]);
    expect(await stepOf(r.recordingId, "summarize")).toEqual(before);
  }, 60_000);
});
