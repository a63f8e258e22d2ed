import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/*
 * Recordings made for a browser test through the API, as a recorder would send them (WebM chunks,
 * then finalize), by the signed-in page's own session (its `request` carries the cookie).
 */

const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;

function run(command: string, args: string[]) {
  const done = spawnSync(command, args);
  if (done.status !== 0) throw new Error(`${command} failed (${command === "espeak-ng" ? "apt-get install espeak-ng" : "see stderr"}): ${done.stderr}`);
}

/**
 * A live WebM (Opus, as MediaRecorder makes it) of espeak-ng saying `first`, then, 32 seconds in,
 * `second`, with a faint hiss throughout: a transcript with a passage at 0 and one at ~32 s.
 */
function speechWebm(first: string, second: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-e2e-speech-"));
  try {
    const [a, b, out] = ["a.wav", "b.wav", "speech.webm"].map((f) => path.join(dir, f));
    run("espeak-ng", ["-v", "en-us", "-s", "140", "-w", a, first]);
    run("espeak-ng", ["-v", "en-us", "-s", "140", "-w", b, second]);
    run(ffmpeg, [
      "-v",
      "error",
      "-y",
      "-i",
      a,
      "-i",
      b,
      "-filter_complex",
      "[0]aresample=48000,apad=whole_len=1536000[a];[1]aresample=48000,apad=pad_len=48000[b];[a][b]concat=n=2:v=0:a=1,aeval='val(0)+0.003*(random(0)*2-1)'",
      "-ar",
      "48000",
      "-ac",
      "1",
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      "-f",
      "webm",
      "-live",
      "1",
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A few seconds of a tone, as a live WebM: a recording with nothing to transcribe. */
export function toneWebm(seconds = 3): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-e2e-tone-"));
  try {
    const out = path.join(dir, "tone.webm");
    run(ffmpeg, [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      "-f",
      "webm",
      "-live",
      "1",
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function cleoId(request: APIRequestContext): Promise<string> {
  const people = (await (await request.get("/api/people")).json()) as { id: string; email: string }[];
  return people.find((p) => p.email === "candidate@demo.test")!.id;
}

/** A new published interview of Cleo's (the demo candidate) on `date`. */
export async function newInterview(request: APIRequestContext, date: string) {
  const personId = await cleoId(request);
  const res = await request.post(`/api/interviews/${personId}`, { data: { date } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect((await request.patch(`/api/interviews/${personId}/${id}`, { data: { published: 1 } })).status()).toBe(200);
  return { personId, id, path: `/interviews/${personId}/${id}` };
}

/** Uploads `webm` in chunks and finalizes it as a recording of the interview named `name`; answers its id. */
export async function uploadRecording(request: APIRequestContext, target: { personId: string; id: string }, webm: Buffer, name: string) {
  const recordingId = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  const size = Math.ceil(webm.length / 3);
  for (let i = 0; i * size < webm.length; i++) {
    const res = await request.post("/api/audio/capture", {
      multipart: {
        recordingId,
        chunkNumber: String(i + 1),
        audio: { name: `chunk-${i + 1}.webm`, mimeType: "audio/webm;codecs=opus", buffer: webm.subarray(i * size, (i + 1) * size) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const done = await request.post("/api/audio/finalize", { data: { recordingId, personId: target.personId, interviewId: target.id, name: { en: name } } });
  expect(done.status(), await done.text()).toBe(200);
  return recordingId;
}

type Segment = { start: number; end: number; text: string };

/** The recording's transcript segments, once the pipeline has made them. */
async function segmentsOf(request: APIRequestContext, target: { personId: string; id: string }, recordingId: string): Promise<Segment[]> {
  let segments: Segment[] = [];
  await expect
    .poll(
      async () => {
        const interview = (await (await request.get(`/api/interviews/${target.personId}/${target.id}`)).json()) as {
          audio: Record<string, { segments?: Segment[] }>;
        };
        segments = interview.audio[recordingId]?.segments ?? [];
        return segments.length;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  return segments;
}

/**
 * A new published interview of Cleo's on `date` with one recording of the two `sentences` spoken
 * (the second starts about 32 s in), named `name`, through the whole pipeline: its transcript
 * segments once the service's offline engine has made them.
 */
export async function transcribedRecording(request: APIRequestContext, date: string, sentences: [string, string], name: string) {
  const target = await newInterview(request, date);
  const recordingId = await uploadRecording(request, target, speechWebm(...sentences), name);
  return { target, recordingId, segments: await segmentsOf(request, target, recordingId) };
}
