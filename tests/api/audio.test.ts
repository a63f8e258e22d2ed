import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readWebmLayout } from "@/lib/media/webm-layout";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { api, call } from "../helpers/api";
import { capture, captureAll, cut, liveWebm, newRecordingId } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * The audio contract: POST /api/audio/capture and /finalize, the chunk rules (replace, any
 * order, gaps, after finalize, limits), who may record, tenant isolation, and the recording as
 * the interview's `audio` entry and as a seekable file served with HTTP Range.
 */

let d: TestDistrict;
let webm: Buffer;

const storedPath = (key: string) => path.join(process.env.DATA_DIR!, "files", key);

async function newInterview(personId: string, published = false) {
  const res = await api.post(`/api/interviews/${personId}`, d.admin.token, { date: "2026-09-01" });
  expect(res.status).toBe(201);
  if (published) expect((await api.patch(`/api/interviews/${personId}/${res.body.id}`, d.admin.token, { published: 1 })).status).toBe(200);
  return res.body.id as string;
}

const finalize = (token: string, body: Record<string, unknown>) => api.post("/api/audio/finalize", token, body);

beforeAll(async () => {
  d = await makeDistrict("Audio");
  webm = await liveWebm(3);
});

afterEach(() => {
  delete process.env.MAX_CHUNK_BYTES;
  resetEnvCache();
});

describe("capture and finalize: the contract", () => {
  it("takes chunks in any order, replaces a re-sent number, and finalizes into the interview's seekable recording", { timeout: 120_000 }, async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    const chunks = cut(webm, 6);

    // Out of order, and chunk 3 first sent with wrong bytes, then replaced.
    const first = await capture(d.admin.token, recordingId, 3, Buffer.from("garbage that will be replaced"));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, chunk: 3 });
    const replacedKey = (await db().audioChunk.findFirstOrThrow({ where: { recordingId, number: 3 } })).storageKey;
    await captureAll(d.admin.token, recordingId, chunks, [5, 0, 2, 4, 1, 3]);
    expect(await storage().head(replacedKey)).toBeNull(); // the replaced bytes are gone
    expect(await db().audioChunk.count({ where: { recordingId } })).toBe(6);

    const res = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Board interview, part 1" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      recordingId,
      url: `http://localhost:3000/files/${d.id}/audio/${candidate.id}/${recordingId}.webm`,
      duration_ms: expect.any(Number),
    });
    expect(Math.abs(res.body.duration_ms - 3000)).toBeLessThan(100);

    // The interview's audio map holds the record.
    const interview = (await api.get(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).body;
    expect(interview.audio[recordingId]).toEqual({
      name: { en: "Board interview, part 1" },
      url: res.body.url,
      created_at: expect.any(Number),
      content_type: "audio/webm",
      size: expect.any(Number),
      duration_ms: res.body.duration_ms,
      // The server carries on by itself: finalize is done and has queued the transcription.
      steps: expect.arrayContaining([expect.objectContaining({ step: "finalize", state: "done", progress: { done: 6, total: 6, unit: "chunks" } })]),
    });

    // The file: seekable (Duration and Cues), the audio copied.
    const key = `${d.id}/audio/${candidate.id}/${recordingId}.webm`;
    const layout = await readWebmLayout(storedPath(key));
    expect(layout.durationMs).toBeGreaterThan(2900);
    expect(layout.cuePoints.length).toBeGreaterThan(0);

    // Chunks are gone by their own job (due 10 s after the file is stored): rows and bytes.
    await expect.poll(() => db().audioChunk.count({ where: { recordingId } }), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => fs.existsSync(storedPath(`${d.id}/audio-chunks/${recordingId}`)), { timeout: 30_000 }).toBe(false);

    // Finalizing again answers the same; a chunk after finalize is 409.
    const again = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Another name" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const late = await capture(d.admin.token, recordingId, 7, chunks[0]);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("conflict");
    // Another interview for the same recording: 409.
    const other = await newInterview(candidate.id);
    expect((await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId: other, name: { en: "x" } })).status).toBe(409);
  });

  it("serves the file with HTTP Range so a player can seek", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, cut(webm, 3));
    const { url } = (await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "R" } })).body;
    const filePath = new URL(url).pathname;
    const whole = await call("GET", filePath, { token: d.admin.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.response.arrayBuffer());
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));

    const part = await call("GET", filePath, { token: d.admin.token, headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await part.response.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await call("GET", filePath, { token: d.admin.token, headers: { range: "bytes=-50" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.response.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 50));
    const open = await call("GET", filePath, { token: d.admin.token, headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(open.headers.get("content-range")).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
    const beyond = await call("GET", filePath, { token: d.admin.token, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const several = await call("GET", filePath, { token: d.admin.token, headers: { range: "bytes=0-1,5-6" } });
    expect(several.status).toBe(200);
  });

  it("finalize with gaps is 409 naming the missing numbers; after they arrive it succeeds", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    const chunks = cut(webm, 8);
    await captureAll(d.admin.token, recordingId, chunks, [0, 2, 5, 7]);
    const res = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Gaps" } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("2, 4-5, 7");
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toEqual(["chunks.2", "chunks.4", "chunks.5", "chunks.7"]);
    // Nothing was claimed: the missing chunks are still accepted.
    await captureAll(d.admin.token, recordingId, chunks, [1, 3, 4, 6]);
    expect((await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Gaps" } })).status).toBe(200);
  });

  it("chunk 1 missing, never sent or its bytes gone from storage, is the missing-chunk 409; sent again, it finalizes", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const chunks = cut(webm, 4);

    const neverSent = newRecordingId();
    await captureAll(d.admin.token, neverSent, chunks, [1, 2, 3]);
    const first = await finalize(d.admin.token, { recordingId: neverSent, personId: candidate.id, interviewId, name: { en: "No start" } });
    expect(first.status).toBe(409);
    expect(first.body.error.details.map((x: { path: string }) => x.path)).toEqual(["chunks.1"]);

    // Stored by a process whose storage this one does not share: the row is here, the bytes are not.
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, chunks);
    const chunk1 = await db().audioChunk.findFirstOrThrow({ where: { recordingId, number: 1 } });
    await storage().delete([chunk1.storageKey]);
    const res = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Lost start" } });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(res.body.error.message).toMatch(/Chunk 1 is missing/);
    expect(res.body.error.details).toEqual([{ path: "chunks.1", message: "Chunk 1 is missing." }]);
    // Nothing stays claimed: chunk 1 is taken again and the finalize succeeds.
    await captureAll(d.admin.token, recordingId, chunks, [0]);
    expect((await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Lost start" } })).status).toBe(200);
  });

  it("refuses chunks that do not start a WebM stream, and an unknown recording", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    await capture(d.admin.token, recordingId, 1, Buffer.from("not webm at all"));
    const res = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Bad" } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("chunks.1");
    // The refusal released the recording: chunk 1 can be replaced, and then it works.
    await captureAll(d.admin.token, recordingId, cut(webm, 1));
    expect((await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Good" } })).status).toBe(200);
    expect((await finalize(d.admin.token, { recordingId: "never-used", personId: candidate.id, interviewId, name: { en: "x" } })).status).toBe(404);
  });

  it("validates the finalize body", async () => {
    for (const body of [
      {},
      { recordingId: "r", personId: "p", interviewId: "i" },
      { recordingId: "r", personId: "p", interviewId: "i", name: {} },
      { recordingId: "r", personId: "p", interviewId: "i", name: { en: "  " } },
      { recordingId: "r/../x", personId: "p", interviewId: "i", name: { en: "x" } },
      { recordingId: "x".repeat(65), personId: "p", interviewId: "i", name: { en: "x" } },
      { recordingId: "r", personId: "p", interviewId: "i", name: "plain" },
      { recordingId: "r", personId: "p", interviewId: "i", name: { "not a language": "x" } },
    ]) {
      const res = await finalize(d.admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
  });
});

describe("chunk limits and hostile multipart fields", () => {
  it("a chunk over MAX_CHUNK_BYTES is 413; an unsupported type is 415 naming WebM; a non-multipart body is 415", async () => {
    process.env.MAX_CHUNK_BYTES = "1000";
    resetEnvCache();
    const big = await capture(d.admin.token, newRecordingId(), 1, Buffer.alloc(1001, 1));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/MAX_CHUNK_BYTES/);
    expect((await capture(d.admin.token, newRecordingId(), 1, Buffer.alloc(1000, 1))).status).toBe(200);

    for (const type of ["audio/mp4", "audio/ogg", "application/octet-stream", "text/html"]) {
      const res = await capture(d.admin.token, newRecordingId(), 1, Buffer.from("abc"), type);
      expect(res.status, type).toBe(415);
      expect(res.body.error.message).toMatch(/WebM/);
    }
    expect((await capture(d.admin.token, newRecordingId(), 1, Buffer.from("abc"), "video/webm")).status).toBe(200);
    const json = await api.post("/api/audio/capture", d.admin.token, { recordingId: "r", chunkNumber: 1 });
    expect(json.status).toBe(415);
  });

  it("recordingId and chunkNumber: bad values are 400 and nothing is stored", async () => {
    // What the chunk store holds, folders and files. Compared as sets: the earlier tests' finalized
    // recordings lose their chunks (and folders) in the background meanwhile (chunks-delete, 10 s after finalize).
    const chunkStore = () => {
      const dir = storedPath(`${d.id}/audio-chunks`);
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
    };
    const before = new Set(chunkStore());
    const rows = await db().audioRecording.count({ where: { districtId: d.id } });
    const cases: [string, string, string][] = [
      ["x".repeat(65), "1", "recordingId"],
      ["", "1", "recordingId"],
      ["../../etc", "1", "recordingId"],
      ["a/b", "1", "recordingId"],
      ["%2e%2e", "1", "recordingId"],
      ["a.b", "1", "recordingId"],
      ["nul\u0000byte", "1", "recordingId"],
      ["ok-id", "0", "chunkNumber"],
      ["ok-id", "100001", "chunkNumber"],
      ["ok-id", "99999999999999999999", "chunkNumber"],
      ["ok-id", "1.5", "chunkNumber"],
      ["ok-id", "-1", "chunkNumber"],
      ["ok-id", "1e3", "chunkNumber"],
      ["ok-id", "abc", "chunkNumber"],
      ["ok-id", "", "chunkNumber"],
    ];
    for (const [recordingId, chunkNumber, pathName] of cases) {
      const res = await capture(d.admin.token, recordingId, chunkNumber, Buffer.from("abc"));
      expect(res.status, `${JSON.stringify(recordingId)} ${chunkNumber}`).toBe(400);
      expect(res.body.error.details[0].path).toBe(pathName === "recordingId" && recordingId.includes("\u0000") ? "recordingId" : pathName);
    }
    // Fields after the file are checked too, and the stored bytes removed.
    const late = new FormData();
    late.set("audio", new File([new Uint8Array([1, 2, 3])], "c.webm", { type: "audio/webm" }));
    late.set("recordingId", "../x");
    late.set("chunkNumber", "1");
    expect((await call("POST", "/api/audio/capture", { token: d.admin.token, form: late })).status).toBe(400);
    // Missing pieces.
    const noAudio = new FormData();
    noAudio.set("recordingId", "ok-id");
    noAudio.set("chunkNumber", "1");
    expect((await call("POST", "/api/audio/capture", { token: d.admin.token, form: noAudio })).status).toBe(400);
    const empty = await capture(d.admin.token, "ok-id", 1, new Uint8Array());
    expect(empty.status).toBe(400);
    const proto = new FormData();
    proto.set("__proto__", "x");
    proto.set("recordingId", "ok-id");
    proto.set("chunkNumber", "1");
    proto.set("audio", new File([new Uint8Array([1])], "c.webm", { type: "audio/webm" }));
    expect((await call("POST", "/api/audio/capture", { token: d.admin.token, form: proto })).status).toBe(400);
    const twoFiles = new FormData();
    twoFiles.append("audio", new File([new Uint8Array([1])], "c.webm", { type: "audio/webm" }));
    twoFiles.append("audio", new File([new Uint8Array([1])], "d.webm", { type: "audio/webm" }));
    expect((await call("POST", "/api/audio/capture", { token: d.admin.token, form: twoFiles })).status).toBe(400);

    expect(
      chunkStore().filter((entry) => !before.has(entry)),
      "stored by a refused chunk",
    ).toEqual([]);
    expect(await db().audioRecording.count({ where: { districtId: d.id } })).toBe(rows);
  });
});

describe("who may record", () => {
  it("a recordingId belongs to the caller who first used it: anyone else, in or out of the district, gets 404", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const board = await d.addPerson("board");
    const key = await d.addKey(["write:interviews"]);
    const elsewhere = await makeDistrict("Elsewhere");
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, cut(webm, 2));
    for (const token of [board.token, key.key, elsewhere.admin.token]) {
      const res = await capture(token, recordingId, 1, cut(webm, 2)[0]);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await finalize(board.token, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).status).toBe(404);
    expect((await finalize(key.key, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).status).toBe(404);
    // Another district's interview and file are 404 too.
    const theirs = await elsewhere.addPerson("candidate");
    const theirInterview = (await api.post(`/api/interviews/${theirs.id}`, elsewhere.admin.token, { date: "2026-01-01" })).body.id;
    expect((await finalize(d.admin.token, { recordingId, personId: theirs.id, interviewId: theirInterview, name: { en: "x" } })).status).toBe(404);
    const { url } = (await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).body;
    expect((await call("GET", new URL(url).pathname, { token: elsewhere.admin.token })).status).toBe(404);
    // The original owner's key is a different caller from the owner's session.
    const keyRec = newRecordingId("key");
    await captureAll(key.key, keyRec, cut(webm, 1));
    expect((await capture(d.admin.token, keyRec, 2, cut(webm, 1)[0])).status).toBe(404);
    expect((await finalize(key.key, { recordingId: keyRec, personId: candidate.id, interviewId, name: { en: "By key" } })).status).toBe(200);
  });

  it("editors and keys with write:interviews record; a candidate records only their own published interview; mentors may not", async () => {
    const candidate = await d.addPerson("candidate");
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, candidate.id);
    const other = await d.addPerson("candidate");
    const editor = await d.addPersonWith(["interviews:edit"]);
    const readKey = await d.addKey(["read:interviews"]);
    const draft = await newInterview(candidate.id);

    // No published interview of their own yet: capture is 403, finalize on the draft is 404 (they cannot see it).
    expect((await capture(candidate.token, newRecordingId(), 1, webm)).status).toBe(403);
    expect((await capture(readKey.key, newRecordingId(), 1, webm)).status).toBe(403);
    expect((await capture(mentor.token, newRecordingId(), 1, webm)).status).toBe(403);
    expect((await capture(editor.token, newRecordingId(), 1, webm)).status).toBe(200);

    const published = await newInterview(candidate.id, true);
    const othersPublished = await newInterview(other.id, true);
    const rec = newRecordingId("cand");
    await captureAll(candidate.token, rec, cut(webm, 2));
    expect((await finalize(candidate.token, { recordingId: rec, personId: candidate.id, interviewId: draft, name: { en: "x" } })).status).toBe(404);
    expect((await finalize(candidate.token, { recordingId: rec, personId: other.id, interviewId: othersPublished, name: { en: "x" } })).status).toBe(404);
    const ok = await finalize(candidate.token, { recordingId: rec, personId: candidate.id, interviewId: published, name: { en: "My answers" } });
    expect(ok.status).toBe(200);
    // The mentor sees the interview but may not record on it.
    const mentorTry = await finalize(mentor.token, { recordingId: rec, personId: candidate.id, interviewId: published, name: { en: "x" } });
    expect(mentorTry.status).toBe(403);

    // Everyone who may see the interview sees the recording and gets the file; others do not.
    const filePath = new URL(ok.body.url).pathname;
    for (const token of [d.admin.token, candidate.token, mentor.token, readKey.key]) {
      expect((await api.get(`/api/interviews/${candidate.id}/${published}`, token)).body.audio[rec].url).toBe(ok.body.url);
      expect((await call("GET", filePath, { token })).status).toBe(200);
    }
    const preview = await api.get(`/api/interviews/${candidate.id}/${published}?view=candidate`, d.admin.token);
    expect(preview.body.audio[rec].name).toEqual({ en: "My answers" });
    expect((await call("GET", filePath, { token: other.token })).status).toBe(404);
    expect((await call("GET", filePath, { token: (await d.addKey(["read:people"])).key })).status).toBe(403);
    // Unpublished: gone for the candidate and the mentor, still there for staff.
    await api.patch(`/api/interviews/${candidate.id}/${published}`, d.admin.token, { published: 0 });
    expect((await call("GET", filePath, { token: candidate.token })).status).toBe(404);
    expect((await call("GET", filePath, { token: mentor.token })).status).toBe(404);
    expect((await call("GET", filePath, { token: d.admin.token })).status).toBe(200);
    expect((await api.get("/api/interviews", d.admin.token)).body.find((i: { id: string }) => i.id === published)).not.toHaveProperty("audio");
  });
});

describe("deleting the interview or the person deletes the recording's bytes", () => {
  it("interview", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, cut(webm, 2));
    const { url } = (await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).body;
    const key = new URL(url).pathname.slice("/files/".length);
    expect(await storage().head(key)).not.toBeNull();
    expect((await api.delete(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).status).toBe(200);
    expect(await storage().head(key)).toBeNull();
    expect(await db().audioRecording.count({ where: { id: recordingId } })).toBe(0);
    expect((await call("GET", new URL(url).pathname, { token: d.admin.token })).status).toBe(404);
  });

  it("person", async () => {
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, cut(webm, 2));
    const { url } = (await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "x" } })).body;
    const key = new URL(url).pathname.slice("/files/".length);
    expect((await api.delete(`/api/people/${candidate.id}`, d.admin.token)).status).toBe(200);
    expect(await storage().head(key)).toBeNull();
  });
});

describe("a long recording", () => {
  it("finalizes 600 chunks (10 minutes at 1 s) streamed in order", async () => {
    const long = await liveWebm(600);
    const candidate = await d.addPerson("candidate");
    const interviewId = await newInterview(candidate.id);
    const recordingId = newRecordingId("long");
    const chunks = cut(long, 600);
    // Eight at a time, as the recorder's queue sends them after an offline stretch.
    for (let i = 0; i < chunks.length; i += 8) {
      const batch = await Promise.all(chunks.slice(i, i + 8).map((c, k) => capture(d.admin.token, recordingId, i + k + 1, c)));
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
    }
    const res = await finalize(d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Long" } });
    expect(res.status).toBe(200);
    expect(Math.abs(res.body.duration_ms - 600_000)).toBeLessThan(200);
    await expect.poll(() => db().audioChunk.count({ where: { recordingId } }), { timeout: 20_000 }).toBe(0);
  }, 120_000);
});
