import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { readWebmLayout } from "@/lib/media/webm-layout";
import { storage } from "@/lib/storage/storage";
import { api } from "../helpers/api";
import { capture, captureAll, cut, liveWebm, newRecordingId } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { spawnWorker } from "../helpers/workers";

/**
 * The worker killed in the middle of a finalize (SIGKILL, no clean-up of any kind): nothing is
 * lost, and another worker completes the step once the dead one's lease has expired. Finalize is
 * asked for through the API (Prefer: respond-async); the step runs in a worker process of its own
 * (tests/helpers/worker-child.ts) whose test-only hook kills it at a named point, one of them
 * half-way through writing the combined file. Then a second worker process takes over.
 */

let d: TestDistrict;
let webm: Buffer;
const CHUNKS = 40;
// Only the worker processes run jobs here (tests/helpers/job-workers.ts starts none), with a short
// lease so a dead one is noticed quickly.
process.env.JOBS_IN_PROCESS = "0";
const saved = { lease: process.env.JOB_LEASE_SECONDS };

async function recording() {
  const candidate = await d.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-01" })).body.id as string;
  const recordingId = newRecordingId("fault");
  await captureAll(d.admin.token, recordingId, cut(webm, CHUNKS));
  const body = { recordingId, personId: candidate.id, interviewId, name: { en: "Interrupted" } };
  const key = `${d.id}/audio/${candidate.id}/${recordingId}.webm`;
  return { candidate, interviewId, recordingId, body, key };
}

type Recording = Awaited<ReturnType<typeof recording>>;

/** Every chunk still has its row and its bytes. */
async function chunksIntact(recordingId: string) {
  const rows = await db().audioChunk.findMany({ where: { recordingId }, orderBy: { number: "asc" } });
  expect(rows.map((r) => r.number)).toEqual(Array.from({ length: CHUNKS }, (_, i) => i + 1));
  for (const row of rows) expect(await storage().head(row.storageKey), `chunk ${row.number}`).toEqual({ size: row.size });
}

async function audioEntry(r: Recording) {
  return (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
}

/** Finalize asked for, answered at once with the status URL; a worker that dies at `killAt` takes the step. */
async function finalizeKilledAt(r: Recording, killAt: string) {
  const accepted = await api.post("/api/audio/finalize", d.admin.token, r.body, { headers: { prefer: "respond-async" } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  expect(accepted.headers.get("location")).toBe(`http://localhost:3000/api/audio/recordings/${r.recordingId}`);
  const worker = spawnWorker({ killAt });
  const run = await worker.exited;
  expect(run.signal, run.stderr).toBe("SIGKILL");
  // Points of this recording's finalize only: the worker may also take other recordings' later steps.
  return { ...run, points: run.points.filter((point) => !/^(transcribe|summarize|translate)/.test(point)) };
}

/** Another worker takes the step over: the contract's answer, the recording complete and seekable, the chunks gone. */
async function anotherWorkerCompletes(r: Recording, attemptsAtLeast = 2) {
  const chunkKeys = (await db().audioChunk.findMany({ where: { recordingId: r.recordingId } })).map((c) => c.storageKey);
  const worker = spawnWorker();
  try {
    await worker.ready;
    const res = await api.post("/api/audio/finalize", d.admin.token, r.body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toBe(`http://localhost:3000/files/${r.key}`);
    expect(Math.abs(res.body.duration_ms - 4000)).toBeLessThan(100);
    const layout = await readWebmLayout(path.join(process.env.DATA_DIR!, "files", r.key));
    expect(layout.cuePoints.length).toBeGreaterThan(0);
    expect((await audioEntry(r)).duration_ms).toBe(res.body.duration_ms);
    // The chunks go by their own job once the recording is finalized.
    await expect.poll(() => db().audioChunk.count({ where: { recordingId: r.recordingId } }), { timeout: 60_000 }).toBe(0);
    for (const key of chunkKeys) expect(await storage().head(key)).toBeNull();
    // And again: the same answer.
    expect((await api.post("/api/audio/finalize", d.admin.token, r.body)).body).toEqual(res.body);
    // One finalize step, done; the transcription it queued is next in line.
    const status = await api.get(`/api/audio/recordings/${r.recordingId}`, d.admin.token);
    expect(status.body.steps[0]).toMatchObject({ step: "finalize", state: "done" });
    expect(status.body.steps[0].attempts).toBeGreaterThanOrEqual(attemptsAtLeast);
  } finally {
    await worker.stop();
  }
}

beforeAll(async () => {
  process.env.JOB_LEASE_SECONDS = "5";
  resetEnvCache();
  d = await makeDistrict("Finalize faults");
  webm = await liveWebm(4);
});

afterAll(() => {
  process.env.JOB_LEASE_SECONDS = saved.lease;
  resetEnvCache();
});

describe("a worker killed at each point of a finalize", () => {
  it("after taking the step: chunks intact, nothing attached, captures refused; another worker completes it", { timeout: 120_000 }, async () => {
    const r = await recording();
    const run = await finalizeKilledAt(r, "claimed");
    expect(run.points).toEqual(["finalize-taken", "claimed"]);
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toBeUndefined();
    expect(await storage().head(r.key)).toBeNull();
    // Bound to its interview: no chunk can be added or replaced.
    expect((await capture(d.admin.token, r.recordingId, 1, cut(webm, CHUNKS)[0])).status).toBe(409);
    const status = await api.get(`/api/audio/recordings/${r.recordingId}`, d.admin.token);
    expect(status.body.steps).toEqual([expect.objectContaining({ step: "finalize", state: "running", attempts: 1 })]);
    await anotherWorkerCompletes(r);
  });

  it("half-way through the file: chunks intact, no file, nothing attached; another worker completes it", { timeout: 120_000 }, async () => {
    const r = await recording();
    const run = await finalizeKilledAt(r, "combining");
    expect(run.points).toEqual(["finalize-taken", "claimed", "combining"]);
    expect(await storage().head(r.key)).toBeNull();
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toBeUndefined();
    await anotherWorkerCompletes(r);
  });

  it("after the file is stored, before the commit: chunks intact, not attached; another worker completes it", { timeout: 120_000 }, async () => {
    const r = await recording();
    const run = await finalizeKilledAt(r, "stored");
    expect(run.points).toEqual(["finalize-taken", "claimed", "combining", "stored"]);
    await chunksIntact(r.recordingId);
    expect(await storage().head(r.key)).not.toBeNull();
    expect(await audioEntry(r)).toBeUndefined();
    expect((await db().audioRecording.findFirstOrThrow({ where: { id: r.recordingId } })).finalizedAt).toBeNull();
    await anotherWorkerCompletes(r);
  });

  it("before the worker could even take the step: the job it held is failed and another worker runs it", { timeout: 120_000 }, async () => {
    const r = await recording();
    const accepted = await api.post("/api/audio/finalize", d.admin.token, r.body, { headers: { prefer: "respond-async" } });
    expect(accepted.status).toBe(202);
    const run = await spawnWorker({ killAt: "finalize-taken" }).exited;
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.points).toEqual(["finalize-taken"]);
    const status = await api.get(`/api/audio/recordings/${r.recordingId}`, d.admin.token);
    expect(status.body.steps).toEqual([expect.objectContaining({ step: "finalize", state: "queued", attempts: 0 })]);
    await chunksIntact(r.recordingId);
    await anotherWorkerCompletes(r, 1);
  });

  it("after the commit: attached, chunks still there (their job is queued); another worker deletes them", { timeout: 240_000 }, async () => {
    const r = await recording();
    const run = await finalizeKilledAt(r, "committed");
    expect(run.points).toEqual(["finalize-taken", "claimed", "combining", "stored", "committed"]);
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toMatchObject({ url: `http://localhost:3000/files/${r.key}` });
    const worker = spawnWorker();
    try {
      // A fresh worker starts, then takes this job among the others queued meanwhile: room for a busy machine.
      await expect.poll(() => db().audioChunk.count({ where: { recordingId: r.recordingId } }), { timeout: 150_000 }).toBe(0);
    } finally {
      await worker.stop();
    }
    expect((await api.post("/api/audio/finalize", d.admin.token, r.body)).body).toMatchObject({ ok: true, url: `http://localhost:3000/files/${r.key}` });
  });
});
