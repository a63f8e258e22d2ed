import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/components/api/api-fetch";
import { fakeFetch, fakeNavigator } from "@/tests/helpers/browser-edges";
import { sendChunk } from "./audio-api";
import { ChunkUploader, type UploadSnapshot } from "./chunk-uploader";
import { getChunk, pendingChunks, putChunk } from "./recording-db";

/** The upload queue: every chunk leaves the device only once the server has it; a lost upload goes again. */

let recordingId: string;
const chunk = (number: number) => putChunk({ recordingId, number, blob: new Blob([`chunk ${number}`]), durationMs: 1000 });

beforeEach(() => {
  fakeNavigator(true);
  recordingId = `rec-${Math.random().toString(36).slice(2)}`;
});
afterEach(() => vi.unstubAllGlobals());

describe("ChunkUploader", () => {
  it("sends what a previous page left, lowest first, and deletes each chunk from the device once acknowledged", async () => {
    for (const n of [3, 1, 2]) await chunk(n);
    const sent: number[] = [];
    const uploader = new ChunkUploader(recordingId, async (_id, number) => void sent.push(number));
    await uploader.load();
    await uploader.whenDrained();
    expect(sent).toEqual([1, 2, 3]);
    expect(await pendingChunks(recordingId)).toEqual([]);
    expect(uploader.getSnapshot()).toMatchObject({ pending: 0, offline: false, error: null });
    uploader.dispose();
  });

  it("resends a chunk whose upload was lost (no answer): it waits on the device, marked offline, and goes after the backoff", async () => {
    await chunk(1);
    await chunk(2);
    // The real send path (sendChunk -> apiFetch -> fetch): the network loses chunk 2's first upload.
    let lost = false;
    const requests = fakeFetch((request) => {
      const form = request.body as FormData;
      const number = Number(form.get("chunkNumber"));
      if (number === 2 && !lost) {
        lost = true;
        return "no answer";
      }
      return { status: 200, body: { ok: true, chunk: number } };
    });
    const uploader = new ChunkUploader(recordingId, sendChunk);
    const seen: UploadSnapshot[] = [];
    uploader.subscribe(() => seen.push(uploader.getSnapshot()));
    await uploader.load();
    await vi.waitFor(() => expect(uploader.getSnapshot()).toMatchObject({ pending: 1, retryAt: expect.any(Number) }));
    // The lost upload said so: offline, with a retry due.
    expect(seen).toContainEqual(expect.objectContaining({ offline: true, retryAt: expect.any(Number) }));
    // Still on the device until the server has it.
    expect(await getChunk(recordingId, 2)).toBeDefined();
    expect(await getChunk(recordingId, 1)).toBeUndefined();
    await uploader.whenDrained();
    const sent = requests.map((r) => {
      const form = r.body as FormData;
      return { method: r.method, path: r.path, recordingId: form.get("recordingId"), number: form.get("chunkNumber") };
    });
    expect(sent).toEqual([
      { method: "POST", path: "/api/audio/capture", recordingId, number: "1" },
      { method: "POST", path: "/api/audio/capture", recordingId, number: "2" },
      { method: "POST", path: "/api/audio/capture", recordingId, number: "2" },
    ]);
    // The resend carries the chunk as it was kept on the device.
    expect(await ((requests[2].body as FormData).get("audio") as File).text()).toBe("chunk 2");
    expect(await pendingChunks(recordingId)).toEqual([]);
    expect(uploader.getSnapshot()).toMatchObject({ pending: 0, offline: false, retryAt: null });
    uploader.dispose();
  });

  it("stops on an answer retrying cannot change (403) and goes on after retryNow; a 409 (already finalized) drops the chunk", async () => {
    await chunk(1);
    await chunk(2);
    let refuse = true;
    const uploader = new ChunkUploader(recordingId, async (_id, number) => {
      if (number === 1 && refuse) throw new ApiError(403, "forbidden", "No.");
      if (number === 2) throw new ApiError(409, "conflict", "Already finalized.");
    });
    await uploader.load();
    await vi.waitFor(() => expect(uploader.getSnapshot().error).toBeInstanceOf(ApiError));
    expect(await getChunk(recordingId, 1)).toBeDefined();
    expect(await getChunk(recordingId, 2)).toBeUndefined();
    refuse = false;
    uploader.retryNow();
    await uploader.whenDrained();
    expect(await pendingChunks(recordingId)).toEqual([]);
    uploader.dispose();
  });
});

describe("ChunkUploader, offline", () => {
  it("says it is offline while a lost upload waits, and sends at once when the browser is back online", async () => {
    await chunk(1);
    let answer = false;
    const online = new EventTarget();
    vi.stubGlobal("window", { addEventListener: online.addEventListener.bind(online), removeEventListener: online.removeEventListener.bind(online) });
    const uploader = new ChunkUploader(recordingId, async () => {
      if (!answer) throw new ApiError(0, "network_error", "No answer from the server");
    });
    await uploader.load();
    await vi.waitFor(() => expect(uploader.getSnapshot()).toMatchObject({ pending: 1, offline: true, retryAt: expect.any(Number) }));
    answer = true;
    online.dispatchEvent(new Event("online"));
    await uploader.whenDrained();
    expect(uploader.getSnapshot()).toMatchObject({ pending: 0, offline: false, retryAt: null });
    uploader.dispose();
  });
});
