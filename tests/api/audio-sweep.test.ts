import { beforeAll, describe, expect, it } from "vitest";
import { sweepStaleChunks } from "@/lib/audio/sweep-stale-chunks";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { api } from "../helpers/api";
import { capture, captureAll, cut, liveWebm, newRecordingId } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/** Chunks of recordings never finalized are removed after CHUNK_TTL_HOURS; finalized recordings keep nothing behind. */

let d: TestDistrict;
let webm: Buffer;

const age = (recordingId: string, hours: number) =>
  db().$executeRaw`update audio_recordings set updated_at = now() - ${hours} * interval '1 hour' where id = ${recordingId} and district_id = ${d.id}`;
const chunkKeys = async (recordingId: string) => (await db().audioChunk.findMany({ where: { recordingId } })).map((c) => c.storageKey);

beforeAll(async () => {
  d = await makeDistrict("Sweep");
  webm = await liveWebm(2);
});

describe("sweepStaleChunks", () => {
  it("removes abandoned sessions older than the TTL (rows and bytes), keeps fresh ones, and frees the id", async () => {
    const stale = newRecordingId("stale");
    const fresh = newRecordingId("fresh");
    const young = newRecordingId("young");
    await captureAll(d.admin.token, stale, cut(webm, 3));
    await captureAll(d.admin.token, fresh, cut(webm, 3));
    await captureAll(d.admin.token, young, cut(webm, 3));
    await age(stale, 49);
    await age(young, 47);
    const staleKeys = await chunkKeys(stale);

    const result = await sweepStaleChunks(48);
    expect(result.abandoned).toBeGreaterThanOrEqual(1);
    expect(await db().audioRecording.count({ where: { id: stale } })).toBe(0);
    expect(await db().audioChunk.count({ where: { recordingId: stale } })).toBe(0);
    for (const key of staleKeys) expect(await storage().head(key)).toBeNull();
    expect(await db().audioChunk.count({ where: { recordingId: fresh } })).toBe(3);
    expect(await db().audioChunk.count({ where: { recordingId: young } })).toBe(3);
    for (const key of await chunkKeys(young)) expect(await storage().head(key)).not.toBeNull();
    // A new chunk restarts the clock; the swept id is free again.
    expect((await capture(d.admin.token, stale, 1, cut(webm, 3)[0])).status).toBe(200);
  });

  it("finishes the clean-up a crashed finalize left, and never touches finalized recordings' files", { timeout: 120_000 }, async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-01-02" })).body.id;
    const recordingId = newRecordingId("done");
    await captureAll(d.admin.token, recordingId, cut(webm, 2));
    const { url } = (await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).body;
    await expect.poll(() => db().audioChunk.count({ where: { recordingId } }), { timeout: 60_000 }).toBe(0); // by their job, due 10 s after
    // As if the finalize had stopped before its clean-up: a chunk row with its bytes.
    const key = `${d.id}/audio-chunks/${recordingId}/left-over`;
    await storage().put(key, new Uint8Array([1, 2, 3]), "audio/webm");
    await db().audioChunk.create({ data: { recordingId, number: 1, districtId: d.id, storageKey: key, size: 3, contentType: "audio/webm" } });
    await age(recordingId, 100);

    const result = await sweepStaleChunks(48);
    expect(result.leftovers).toBeGreaterThanOrEqual(1);
    expect(await db().audioChunk.count({ where: { recordingId } })).toBe(0);
    expect(await storage().head(key)).toBeNull();
    expect(await db().audioRecording.count({ where: { id: recordingId } })).toBe(1);
    expect(await storage().head(new URL(url).pathname.slice("/files/".length))).not.toBeNull();
  });

  it("a session whose chunks arrive during the sweep is not swept", async () => {
    const racing = newRecordingId("race");
    await captureAll(d.admin.token, racing, cut(webm, 2));
    await age(racing, 49);
    await capture(d.admin.token, racing, 3, cut(webm, 2)[1]); // fresh again
    await sweepStaleChunks(48);
    expect(await db().audioChunk.count({ where: { recordingId: racing } })).toBe(3);
  });
});
