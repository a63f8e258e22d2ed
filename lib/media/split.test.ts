import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioDurationMs } from "./duration";
import { runFfmpeg } from "./ffmpeg";
import { detectSilences } from "./silences";
import { planCuts, splitAtSilences } from "./split";

let dir: string;
let tones: string;
let steady: string;
const MAX_BYTES = 48 * 1024;

/** 40 s of 48 kHz stereo WAV (big on purpose): 4 s of tone, then 1 s of silence, repeated. */
async function makeTones(file: string) {
  await runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,5),4),0.5*sin(2*PI*440*t),0)':s=48000:d=40", "-ac", "2", file]);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-split-test-"));
  tones = path.join(dir, "tones.wav");
  steady = path.join(dir, "steady.wav");
  await Promise.all([makeTones(tones), runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=40", "-ac", "2", "-ar", "48000", steady])]);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectContiguous(pieces: Array<{ startMs: number; endMs: number }>, durationMs: number) {
  expect(pieces[0].startMs).toBe(0);
  for (let i = 1; i < pieces.length; i++) expect(pieces[i].startMs).toBe(pieces[i - 1].endMs);
  expect(Math.abs(pieces.at(-1)!.endMs - durationMs)).toBeLessThan(100);
}

describe("planCuts", () => {
  it("keeps a recording that fits whole", () => {
    expect(planCuts(9_000, [], 10_000)).toEqual([]);
  });

  it("cuts in the longest silence of the second half of each allowed stretch", () => {
    const silences = [
      { startMs: 2_000, endMs: 4_000 }, // first half: too early
      { startMs: 6_000, endMs: 6_500 },
      { startMs: 7_000, endMs: 8_000 }, // longest in [5 s, 10 s]
      { startMs: 9_500, endMs: 9_800 },
    ];
    expect(planCuts(17_000, silences, 10_000)).toEqual([7_500]);
  });

  it("cuts at the limit when no silence is in range, and uses a silence that straddles it", () => {
    expect(planCuts(25_000, [], 10_000)).toEqual([10_000, 20_000]);
    expect(planCuts(15_000, [{ startMs: 9_000, endMs: 12_000 }], 10_000)).toEqual([9_500]);
  });

  it("treats a silence running to the end of the file as ending there", () => {
    expect(planCuts(15_000, [{ startMs: 8_000, endMs: Infinity }], 10_000)).toEqual([9_000]);
  });
});

describe("detectSilences and audioDurationMs", () => {
  it("finds the pauses between the tones", async () => {
    const silences = await detectSilences(tones);
    expect(silences.length).toBeGreaterThanOrEqual(7);
    for (const s of silences.filter((x) => x.endMs !== Infinity)) {
      expect(s.startMs % 5000).toBeGreaterThanOrEqual(3_950);
      expect(s.endMs - s.startMs).toBeGreaterThan(900);
    }
    expect(await audioDurationMs(tones)).toBe(40_000);
  });

  it("counts the length of a live WebM, which states none", async () => {
    const live = path.join(dir, "live.webm");
    await runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=duration=7", "-c:a", "libopus", "-live", "1", "-f", "webm", live]);
    expect((await runFfmpeg(["-i", live], { allowFailure: true })).stderr).toMatch(/Duration: N\/A/);
    expect(Math.abs((await audioDurationMs(live)) - 7_000)).toBeLessThan(100);
  });
});

describe("splitAtSilences", () => {
  it("cuts a large recording at its silences into valid pieces under the byte limit", async () => {
    expect(fs.statSync(tones).size).toBeGreaterThan(7 * 1024 * 1024);
    const outDir = fs.mkdtempSync(path.join(dir, "pieces-"));
    const pieces = await splitAtSilences(tones, { maxBytes: MAX_BYTES, outDir });

    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expectContiguous(pieces, 40_000);
    for (const piece of pieces) {
      expect(piece.bytes).toBe(fs.statSync(piece.path).size);
      expect(piece.bytes).toBeLessThanOrEqual(MAX_BYTES);
      expect(path.dirname(piece.path)).toBe(outDir);
      expect(Math.abs((await audioDurationMs(piece.path)) - (piece.endMs - piece.startMs))).toBeLessThan(100);
      const probe = await runFfmpeg(["-i", piece.path], { allowFailure: true });
      expect(probe.stderr).toMatch(/Audio: opus, 48000 Hz, mono/);
    }
    // Every cut lies in a pause (4–5 s of each 5 s), give or take one 20 ms Opus frame.
    for (const piece of pieces.slice(1)) {
      expect(piece.startMs % 5000).toBeGreaterThanOrEqual(3_980);
      expect(piece.startMs % 5000).toBeLessThanOrEqual(5_000);
    }
    // Only the pieces are left in the folder (no segment list).
    expect(fs.readdirSync(outDir).sort()).toEqual(pieces.map((p) => path.basename(p.path)).sort());
  });

  it("falls back to hard cuts when there is no silence", async () => {
    const outDir = fs.mkdtempSync(path.join(dir, "steady-"));
    const pieces = await splitAtSilences(steady, { maxBytes: MAX_BYTES, outDir });
    expect(pieces.length).toBe(4);
    expectContiguous(pieces, 40_000);
    for (const piece of pieces) expect(piece.bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("refuses a limit too small for any sensible piece", async () => {
    await expect(splitAtSilences(tones, { maxBytes: 4096, outDir: dir })).rejects.toThrow(/cannot hold/);
  });
});
