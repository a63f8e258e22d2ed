import { beforeAll, describe, expect, it } from "vitest";
import { jobBoss } from "@/lib/jobs/boss";
import { listClusterJobs, retryClusterJob } from "@/lib/jobs/district-jobs";
import { api } from "../helpers/api";
import { capture, newRecordingId } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * GET /api/jobs and POST /api/jobs/:id/retry: an administrator sees the district's dead jobs
 * (a recording step failed for good, a job out of retries) and runs them again; nobody sees or
 * retries another district's; sessions with the settings permission only.
 */

let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Jobs"), makeDistrict("Jobs elsewhere")]);
});

/** A recording whose finalize fails for good: its one chunk is not WebM. */
async function failedFinalize(district: TestDistrict) {
  const candidate = await district.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, district.admin.token, { date: "2026-10-03" })).body.id as string;
  const recordingId = newRecordingId("dead");
  expect((await capture(district.admin.token, recordingId, 1, Buffer.from("not a webm file at all"))).status).toBe(200);
  const res = await api.post("/api/audio/finalize", district.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Broken" } });
  expect(res.status).toBe(400);
  expect(res.body.error.details).toEqual([{ path: "chunks.1", message: "not the start of a WebM stream" }]);
  return { recordingId };
}

/** A job of another kind out of retries (no retry allowed, failed once), as pg-boss keeps it. */
async function deadTranslation(district: TestDistrict) {
  const boss = await jobBoss();
  // Due in an hour: no worker of this process takes it (and completes it) before it is failed here.
  const id = (await boss.send("message-translate", { districtId: district.id, messageId: "m-gone", languages: ["es"] }, { retryLimit: 0, startAfter: 3600 }))!;
  await boss.fail("message-translate", id, { message: "The provider was down." });
  return id;
}

describe("GET /api/jobs", () => {
  it("lists the district's dead jobs: a step failed for good, with why, and a job out of retries", async () => {
    const { recordingId } = await failedFinalize(d);
    const translation = await deadTranslation(d);
    const res = await api.get("/api/jobs", d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          queue: "recording-finalize",
          state: "failed",
          recording_id: recordingId,
          attempts: 1,
          error: expect.stringMatching(/does not start a WebM recording/),
        }),
        expect.objectContaining({ id: translation, queue: "message-translate", state: "failed", message_id: "m-gone", error: "The provider was down." }),
      ]),
    );
    // Another district's admin sees none of them.
    const theirs = await api.get("/api/jobs", other.admin.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((j: { id: string }) => j.id)).not.toContain(translation);
    expect(theirs.body.some((j: { recording_id: string | null }) => j.recording_id === recordingId)).toBe(false);
    expect((await api.get("/api/jobs?state=nope", d.admin.token)).status).toBe(400);
    expect((await api.get("/api/jobs?state=queued", d.admin.token)).status).toBe(200);
  });

  it("401 without a valid session; 403 for an API key and for people without the settings permission", async () => {
    expect((await api.get("/api/jobs", null)).status).toBe(401);
    expect((await api.get("/api/jobs", "not-a-token")).status).toBe(401);
    expect((await api.get("/api/jobs", (await d.addKey(["read:interviews", "write:interviews"])).key)).status).toBe(403);
    expect((await api.get("/api/jobs", (await d.addPerson("board")).token)).status).toBe(403);
    expect((await api.post("/api/jobs/00000000-0000-0000-0000-000000000000/retry", (await d.addPerson("board")).token)).status).toBe(403);
  });
});

describe("POST /api/jobs/:id/retry", () => {
  it("runs a dead step again (queued at once, run by a worker) and gives a dead job another attempt", async () => {
    const { recordingId } = await failedFinalize(d);
    const listed = (await api.get("/api/jobs", d.admin.token)).body.find((j: { recording_id: string | null }) => j.recording_id === recordingId);
    const retried = await api.post(`/api/jobs/${listed.id}/retry`, d.admin.token);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ ok: true });
    // It ran again (and, its chunk being no WebM, failed again: a second attempt).
    await expect
      .poll(async () => (await api.get(`/api/audio/recordings/${recordingId}`, d.admin.token)).body.steps[0], { timeout: 30_000 })
      .toMatchObject({ step: "finalize", state: "failed", attempts: 2 });

    const translation = await deadTranslation(d);
    expect((await api.post(`/api/jobs/${translation}/retry`, d.admin.token)).status).toBe(200);
    const after = (await api.get("/api/jobs", d.admin.token)).body.map((j: { id: string }) => j.id);
    expect(after).not.toContain(translation);
    // Not dead (any more), unknown, or another district's: 404.
    expect((await api.post(`/api/jobs/${translation}/retry`, d.admin.token)).status).toBe(404);
    expect((await api.post("/api/jobs/00000000-0000-0000-0000-000000000000/retry", d.admin.token)).status).toBe(404);
    const theirs = await deadTranslation(other);
    expect((await api.post(`/api/jobs/${theirs}/retry`, d.admin.token)).status).toBe(404);
    expect((await api.post(`/api/jobs/${theirs}/retry`, other.admin.token)).status).toBe(200);
  });
});

describe("jobs of no district (npm run admin -- jobs, retry-job)", () => {
  it("are the operator's: listed and retried there, never shown to a district", async () => {
    const boss = await jobBoss();
    const id = (await boss.send("idempotency-sweep", {}, { retryLimit: 0, singletonKey: `sweep-${Math.random()}`, startAfter: 3600 }))!;
    await boss.fail("idempotency-sweep", id, { message: "The database was unreachable." });
    expect(await listClusterJobs("failed")).toContainEqual(
      expect.objectContaining({ id, queue: "idempotency-sweep", state: "failed", error: "The database was unreachable." }),
    );
    expect((await api.get("/api/jobs", d.admin.token)).body.map((j: { id: string }) => j.id)).not.toContain(id);
    expect((await api.post(`/api/jobs/${id}/retry`, d.admin.token)).status).toBe(404);
    // A district's dead job is not the operator's to retry here.
    const translation = await deadTranslation(d);
    expect((await listClusterJobs("failed")).map((j) => j.id)).not.toContain(translation);
    expect(await retryClusterJob(translation)).toBe(false);
    expect(await retryClusterJob(id)).toBe(true);
    expect((await listClusterJobs("failed")).map((j) => j.id)).not.toContain(id);
  });
});
