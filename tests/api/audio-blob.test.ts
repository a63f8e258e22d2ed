import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { api, call } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId } from "../helpers/audio";
import { useBlobStorage } from "../helpers/blob-server";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/** Recording with Vercel Blob as the storage (its SDK against a local server speaking its API): chunks, the combined file, ranges, deletion. */

const TOKEN = "vercel_blob_rw_audiostore_secret0123456789";
const blobStore = useBlobStorage(TOKEN);
let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Audio blob");
});

describe("audio on Vercel Blob", () => {
  it(
    "captures chunks as blobs, finalizes from them, serves byte ranges of the recording, and deletes everything with the interview",
    { timeout: 120_000 },
    async () => {
      const webm = await liveWebm(3);
      const candidate = await d.addPerson("candidate");
      const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-03" })).body.id;
      const recordingId = newRecordingId("blob");
      await captureAll(d.admin.token, recordingId, cut(webm, 5), [4, 3, 2, 1, 0]);
      const chunkKeys = (await db().audioChunk.findMany({ where: { recordingId } })).map((c) => c.storageKey);
      for (const key of chunkKeys) expect(blobStore.server.blobs.has(key), key).toBe(true);

      const res = await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "On Blob" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const key = `${d.id}/audio/${candidate.id}/${recordingId}.webm`;
      expect(blobStore.server.blobs.get(key)?.contentType).toBe("audio/webm");
      // The chunks go by their own job, due 10 s after the file is stored.
      await expect.poll(() => chunkKeys.filter((k) => blobStore.server.blobs.has(k)).length, { timeout: 60_000 }).toBe(0);

      const path = new URL(res.body.url).pathname;
      const whole = Buffer.from(await (await call("GET", path, { token: d.admin.token })).response.arrayBuffer());
      expect(whole).toEqual(blobStore.server.blobs.get(key)!.bytes);
      const part = await call("GET", path, { token: d.admin.token, headers: { range: "bytes=10-29" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 10-29/${whole.length}`);
      expect(Buffer.from(await part.response.arrayBuffer())).toEqual(whole.subarray(10, 30));
      expect(await storage().head(key)).toEqual({ size: whole.length });

      expect((await api.delete(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).status).toBe(200);
      expect(blobStore.server.blobs.has(key)).toBe(false);
    },
  );
});
