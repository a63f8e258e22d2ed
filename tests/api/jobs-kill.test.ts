import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { spawnWorker } from "../helpers/workers";

/**
 * A worker killed with SIGKILL in the middle of a transcription: another worker takes the step
 * over once the dead one's lease expires, resumes after the last piece the first one finished
 * (no piece is sent to the provider twice), and the recording ends with one transcript and one
 * summary. Jobs run only in worker processes here (tests/helpers/worker-child.ts), against a
 * local server speaking the OpenAI API.
 */

let d: TestDistrict;
let server: OpenAiServer;
const saved = { ...process.env };
const SETTINGS = { JOB_LEASE_SECONDS: "30", TRANSCRIBE_PIECE_SECONDS: "30" };
// Its jobs run in the worker processes it starts, not in the test process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

beforeAll(async () => {
  server = await startOpenAiServer();
  Object.assign(process.env, SETTINGS, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: server.apiKey });
  resetEnvCache();
  server.answerTranscriptions((request, index) => ({ text: `Piece ${index + 1} was said.`, language: "english", duration: 30 }));
  d = await makeDistrict("Jobs kill");
});

afterAll(async () => {
  for (const name of [...Object.keys(SETTINGS), "OPENAI_BASE_URL", "OPENAI_API_KEY"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
  await server.close();
});

describe("a worker killed mid-transcription", () => {
  it("another worker resumes after the finished pieces: one transcript, one summary, nothing sent twice", { timeout: 240_000 }, async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-11-02" })).body.id as string;
    const recordingId = newRecordingId("killed");
    // 95 s of audio in 30-second pieces: four requests to the provider in all.
    await captureAll(d.admin.token, recordingId, cut(await liveWebm(95), 12));
    const accepted = await api.post(
      "/api/audio/finalize",
      d.admin.token,
      { recordingId, personId: candidate.id, interviewId, name: { en: "Long" } },
      { headers: { prefer: "respond-async" } },
    );
    expect(accepted.status).toBe(202);

    const first = spawnWorker({ killAt: "transcribing" });
    const run = await first.exited;
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.points).toEqual(["finalize-taken", "claimed", "combining", "stored", "committed", "transcribe-taken", "transcribing"]);
    expect(server.calls.transcriptions).toBe(1);
    const midway = await api.get(`/api/audio/recordings/${recordingId}`, d.admin.token);
    expect(midway.body.steps.find((s: { step: string }) => s.step === "transcribe")).toMatchObject({
      state: "running",
      attempts: 1,
      progress: { unit: "ms", total: expect.any(Number) },
    });

    const second = spawnWorker();
    try {
      const steps = await pipelineSettled(d.admin.token, recordingId, 180_000);
      expect(
        steps.map((s) => [s.step, s.state]),
        JSON.stringify(steps),
      ).toEqual([
        ["finalize", "done"],
        ["transcribe", "done"],
        ["summarize", "done"],
        ["translate", "done"],
      ]);
    } finally {
      await second.stop();
    }
    // Four pieces, each sent once: the second worker resumed after the first piece.
    expect(server.calls.transcriptions).toBe(4);
    const status = await api.get(`/api/audio/recordings/${recordingId}`, d.admin.token);
    expect(status.body.steps.find((s: { step: string }) => s.step === "transcribe")).toMatchObject({
      attempts: 2,
      progress: { done: expect.any(Number), unit: "ms" },
    });
    const recording = (await api.get(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).body.audio[recordingId];
    expect(recording.transcript).toEqual({ en: "Piece 1 was said. Piece 2 was said. Piece 3 was said. Piece 4 was said." });
    expect(recording.segments.map((s: { start: number }) => Math.floor(s.start / 30))).toEqual([0, 1, 2, 3]);
    // One summary; one row of it.
    expect(server.chatRequests.filter((r) => !r.messages[0].content.startsWith("Translate"))).toHaveLength(1);
    expect(await db().audioRecording.count({ where: { id: recordingId, transcript: { not: null }, summary: { not: null } } })).toBe(1);
  });
});
