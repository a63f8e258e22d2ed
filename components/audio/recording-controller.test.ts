import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, fakeNavigator, type FakeAnswer, type FakeRequest } from "@/tests/helpers/browser-edges";
import { RecordingController } from "./recording-controller";
import { putChunk, saveSession, sessionsOf, type LocalSession } from "./recording-db";

/**
 * The recorder's steps on this device: every chunk is uploaded, then the recording is saved
 * (finalize), then it leaves the device (the server transcribes and summarizes it by itself).
 * IndexedDB and the network are faked at their edges; the controller, its uploader, the
 * recording store (idb) and the app's fetch wrapper are the real ones.
 */

let personId: string;
let interviewId: string;
let recordingId: string;

const session = (stage: LocalSession["stage"] = "recording"): LocalSession => ({
  recordingId,
  personId,
  interviewId,
  name: { en: "Board interview" },
  language: "en",
  mimeType: "audio/webm;codecs=opus",
  startedAt: Date.now(),
  stage,
  chunkCount: 0,
  recordedMs: 0,
});

/** What the recorder does for each timeslice: the chunk into IndexedDB first, then the controller told. */
async function record(controller: RecordingController, numbers: number[]) {
  for (const n of numbers) {
    await putChunk({ recordingId, number: n, blob: new Blob([`audio ${n}`], { type: "audio/webm" }), durationMs: 1000 });
    await controller.chunkWritten(recordingId, n, 1000, n * 1000);
  }
}

/** The server: captures stored, finalize answered by `finalize` (by default 200 with the file's URL). */
function server(
  finalize: (request: FakeRequest, attempt: number) => FakeAnswer = () => ({
    status: 200,
    body: { ok: true, recordingId, url: "http://localhost/files/x.webm", duration_ms: 3000 },
  }),
) {
  let finalizes = 0;
  const stored = new Set<number>();
  const requests = fakeFetch((request) => {
    if (request.path === "/api/audio/capture") {
      const n = Number((request.body as FormData).get("chunkNumber"));
      stored.add(n);
      return { status: 200, body: { ok: true, chunk: n } };
    }
    if (request.path === "/api/audio/finalize") return finalize(request, ++finalizes);
    return { status: 404, body: { error: { code: "not_found", message: "No." } } };
  });
  return { requests, stored, finalizes: () => finalizes };
}

const paths = (requests: FakeRequest[]) => requests.map((r) => r.path.replace("/api/audio/", ""));

beforeEach(() => {
  fakeNavigator(true);
  const id = Math.random().toString(36).slice(2);
  [personId, interviewId, recordingId] = [`p-${id}`, `i-${id}`, `r-${id}`];
});
afterEach(() => vi.unstubAllGlobals());

describe("RecordingController", () => {
  it("uploads every chunk, saves the recording, then lets it go: nothing is left on the device", async () => {
    const net = server();
    const changed = vi.fn();
    const controller = new RecordingController(personId, interviewId, changed);
    await controller.start(session());
    await record(controller, [1, 2, 3]);
    await controller.stop(recordingId, 3000);
    await vi.waitFor(() => expect(controller.getSnapshot().sessions).toEqual([]));
    expect(paths(net.requests)).toEqual(["capture", "capture", "capture", "finalize"]);
    expect(net.requests.at(-1)!.body).toEqual({ recordingId, personId, interviewId, name: { en: "Board interview" } });
    expect(await sessionsOf(personId, interviewId)).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(1);
    controller.dispose();
  });

  it("when the server misses a chunk this device still has (409 naming it), sends it and saves again", async () => {
    const net = server((_request, attempt) =>
      attempt === 1
        ? {
            status: 409,
            body: { error: { code: "conflict", message: "Chunk 3 is missing.", details: [{ path: "chunks.3", message: "Chunk 3 is missing." }] } },
          }
        : { status: 200, body: { ok: true, recordingId, url: "http://localhost/files/x.webm", duration_ms: 3000 } },
    );
    const controller = new RecordingController(personId, interviewId, () => {});
    await controller.start(session());
    await record(controller, [1, 2]);
    // Written to the device just before the page went away: never handed to the uploader.
    await putChunk({ recordingId, number: 3, blob: new Blob(["audio 3"]), durationMs: 1000 });
    await controller.stop(recordingId, 3000);
    await vi.waitFor(() => expect(controller.getSnapshot().sessions).toEqual([]));
    expect(net.finalizes()).toBe(2);
    expect([...net.stored].sort()).toEqual([1, 2, 3]);
    expect(paths(net.requests).slice(-2)).toEqual(["capture", "finalize"]);
    controller.dispose();
  });

  it("a save that fails shows the step's error and keeps the recording; Retry saves it", async () => {
    let down = true;
    const net = server(() =>
      down
        ? { status: 503, body: { error: { code: "overloaded", message: "Busy." } } }
        : { status: 200, body: { ok: true, recordingId, url: "u", duration_ms: 1000 } },
    );
    const controller = new RecordingController(personId, interviewId, () => {});
    await controller.start(session());
    await record(controller, [1]);
    await controller.stop(recordingId, 1000);
    await vi.waitFor(() => expect(controller.getSnapshot().sessions[0]).toMatchObject({ step: "finalize", status: "error" }));
    expect(await sessionsOf(personId, interviewId)).toHaveLength(1);
    down = false;
    controller.retry(recordingId);
    await vi.waitFor(() => expect(controller.getSnapshot().sessions).toEqual([]));
    expect(net.finalizes()).toBe(2);
    controller.dispose();
  });

  it("a recording a closed page left behind: found on the next visit as interrupted; 'Upload and save' finishes it", async () => {
    await saveSession({ ...session("recording"), chunkCount: 2, recordedMs: 2000 });
    await putChunk({ recordingId, number: 1, blob: new Blob(["a"]), durationMs: 1000 });
    await putChunk({ recordingId, number: 2, blob: new Blob(["b"]), durationMs: 1000 });
    const net = server();
    const controller = new RecordingController(personId, interviewId, () => {});
    await controller.load();
    expect(controller.getSnapshot().sessions).toEqual([expect.objectContaining({ interrupted: true, live: false })]);
    // Its chunks go up at once, before anyone says to save it.
    await vi.waitFor(() => expect(net.stored.size).toBe(2));
    expect(net.finalizes()).toBe(0);
    await controller.saveInterrupted(recordingId);
    await vi.waitFor(() => expect(controller.getSnapshot().sessions).toEqual([]));
    expect(net.finalizes()).toBe(1);
    controller.dispose();
  });
});
