import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { FinalizeStep } from "@/lib/audio/finalize-recording";
import { readWebmLayout } from "@/lib/audio/webm-layout";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { api } from "../helpers/api";
import { capture, captureAll, cut, liveWebm, newRecordingId } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * The server killed in the middle of a finalize (SIGKILL, no clean-up of any kind): nothing is
 * lost, and the retry succeeds. Finalize runs in a child process on the same database and data
 * folder (tests/helpers/finalize-child.ts); its test-only hook kills it at a named step, one of
 * them half-way through writing the combined file.
 */

let d: TestDistrict;
let webm: Buffer;
const CHUNKS = 40;

type Run = { signal: NodeJS.Signals | null; code: number | null; steps: string[]; stdout: string; stderr: string };

function runFinalize(body: Record<string, unknown>, options: { killAt?: FinalizeStep } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "helpers", "finalize-child.ts"), JSON.stringify({ token: d.admin.token, body, killAt: options.killAt })], {
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr, steps: [...stdout.matchAll(/^step (\w+)$/gm)].map((m) => m[1]) }));
  });
}

async function recording() {
  const candidate = await d.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-01" })).body.id as string;
  const recordingId = newRecordingId("fault");
  await captureAll(d.admin.token, recordingId, cut(webm, CHUNKS));
  const body = { recordingId, personId: candidate.id, interviewId, name: { en: "Interrupted" } };
  const key = `${d.id}/audio/${candidate.id}/${recordingId}.webm`;
  return { candidate, interviewId, recordingId, body, key };
}

/** Every chunk still has its row and its bytes. */
async function chunksIntact(recordingId: string) {
  const rows = await db().audioChunk.findMany({ where: { recordingId }, orderBy: { number: "asc" } });
  expect(rows.map((r) => r.number)).toEqual(Array.from({ length: CHUNKS }, (_, i) => i + 1));
  for (const row of rows) expect(await storage().head(row.storageKey), `chunk ${row.number}`).toEqual({ size: row.size });
  return rows;
}

async function audioEntry(r: Awaited<ReturnType<typeof recording>>) {
  return (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
}

/** The retry: 200, the contract's answer, the recording complete and seekable, the chunks gone. */
async function retrySucceeds(r: Awaited<ReturnType<typeof recording>>) {
  const chunkKeys = (await db().audioChunk.findMany({ where: { recordingId: r.recordingId } })).map((c) => c.storageKey);
  const res = await api.post("/api/audio/finalize", d.admin.token, r.body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url).toBe(`http://localhost:3000/files/${r.key}`);
  expect(Math.abs(res.body.duration_ms - 4000)).toBeLessThan(100);
  const layout = await readWebmLayout(path.join(process.env.DATA_DIR!, "files", r.key));
  expect(layout.cuePoints.length).toBeGreaterThan(0);
  expect((await audioEntry(r)).duration_ms).toBe(res.body.duration_ms);
  // The clean-up runs once the answer is sent.
  await expect.poll(() => db().audioChunk.count({ where: { recordingId: r.recordingId } })).toBe(0);
  for (const key of chunkKeys) expect(await storage().head(key)).toBeNull();
  // And again: the same answer.
  expect((await api.post("/api/audio/finalize", d.admin.token, r.body)).body).toEqual(res.body);
}

beforeAll(async () => {
  d = await makeDistrict("Finalize faults");
  webm = await liveWebm(4);
});

describe("finalize killed at each step", () => {
  it("after the claim: chunks intact, nothing attached, captures refused; the retry completes", async () => {
    const r = await recording();
    const run = await runFinalize(r.body, { killAt: "claimed" });
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.steps).toEqual(["claimed"]);
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toBeUndefined();
    expect(await storage().head(r.key)).toBeNull();
    // Claimed: no chunk can be added or replaced until the retry.
    expect((await capture(d.admin.token, r.recordingId, 1, cut(webm, CHUNKS)[0])).status).toBe(409);
    await retrySucceeds(r);
  });

  it("while the chunks are being combined (half of them written): chunks intact, no file, nothing attached; the retry completes", async () => {
    const r = await recording();
    const run = await runFinalize(r.body, { killAt: "combining" });
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.steps).toEqual(["claimed", "combining"]);
    expect(await storage().head(r.key)).toBeNull();
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toBeUndefined();
    await retrySucceeds(r);
  });

  it("after the file is stored, before the interview is updated: chunks intact, not attached; the retry completes", async () => {
    const r = await recording();
    const run = await runFinalize(r.body, { killAt: "stored" });
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.steps).toEqual(["claimed", "combining", "stored"]);
    await chunksIntact(r.recordingId);
    expect(await storage().head(r.key)).not.toBeNull();
    expect(await audioEntry(r)).toBeUndefined();
    expect((await db().audioRecording.findFirstOrThrow({ where: { id: r.recordingId } })).finalizedAt).toBeNull();
    await retrySucceeds(r);
  });

  it("after the interview is updated, before the chunks are removed: attached, chunks still there; the retry cleans up", async () => {
    const r = await recording();
    const run = await runFinalize(r.body, { killAt: "committed" });
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.steps).toEqual(["claimed", "combining", "stored", "committed"]);
    await chunksIntact(r.recordingId);
    expect(await audioEntry(r)).toMatchObject({ url: `http://localhost:3000/files/${r.key}` });
    await retrySucceeds(r);
  });

  it("uninterrupted in its own process, for comparison", async () => {
    const r = await recording();
    const run = await runFinalize(r.body);
    expect(run.code, run.stderr).toBe(0);
    expect(run.steps).toEqual(["claimed", "combining", "stored", "committed", "cleaned"]);
    expect(run.stdout).toContain(`"url":"http://localhost:3000/files/${r.key}"`);
    await retrySucceeds(r);
  });
});
