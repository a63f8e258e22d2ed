import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioDurationMs } from "./duration";
import { runFfmpeg } from "./ffmpeg";
import { remuxToSeekableWebm } from "./remux";
import { UnrecognisedWebm, writeSeekableWebm } from "./seekable-webm";
import { readWebmLayout } from "./webm-layout";

let dir: string;
let live: Buffer;

/** `bytes` in pieces of random sizes (1 byte to 40 KB), as a timeslice or a network cuts them. */
async function* pieces(bytes: Buffer, seed = 7) {
  let x = seed;
  for (let offset = 0; offset < bytes.length;) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const size = x % 7 === 0 ? 1 + (x % 5) : 1 + (x % 40_000);
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

/** Every audio packet's hash, in order (ffmpeg's framemd5): equal lists mean the audio was copied untouched. */
async function packets(file: string) {
  const { stdout } = await runFfmpeg(["-v", "error", "-i", file, "-map", "0:a:0", "-c", "copy", "-f", "framemd5", "-"]);
  return stdout
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split(",").slice(2).join(",").trim());
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-seekable-test-"));
  // Shaped like MediaRecorder's output: live (no Duration, no Cues, clusters of unknown size).
  const file = path.join(dir, "live.webm");
  await runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=30", "-c:a", "libopus", "-b:a", "48k", "-f", "webm", "-live", "1", file]);
  live = fs.readFileSync(file);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("writeSeekableWebm", () => {
  it("writes Duration, Cues for every cluster and a SeekHead, copying every audio packet as it is", async () => {
    const input = await readWebmLayout(path.join(dir, "live.webm"));
    expect(input.durationMs).toBeNull();
    expect(input.cuePoints).toEqual([]);

    const out = path.join(dir, "seekable.webm");
    const result = await writeSeekableWebm(pieces(live), out);
    const layout = await readWebmLayout(out);
    expect(layout.complete).toBe(true);
    expect(Math.abs(layout.durationMs! - 30_000)).toBeLessThanOrEqual(25);
    expect(result.durationMs).toBe(layout.durationMs);
    expect(layout.clusterPositions.length).toBeGreaterThan(1);
    expect(layout.cuePoints.map((c) => c.clusterPosition)).toEqual(layout.clusterPositions);
    expect(layout.cuePoints.every((c) => c.track === 1)).toBe(true);
    expect(layout.cuePoints[0].timeMs).toBe(0);
    expect(layout.cuePoints.map((c) => c.timeMs)).toEqual([...layout.cuePoints.map((c) => c.timeMs)].sort((a, b) => a - b));
    expect(layout.seekHeadCuesPosition).toBe(layout.cuesPosition);
    expect(result.bytes).toBe(fs.statSync(out).size);

    expect(await packets(out)).toEqual(await packets(path.join(dir, "live.webm")));
    const decoded = await runFfmpeg(["-v", "error", "-i", out, "-f", "null", "-"]);
    expect(decoded.stderr).toBe("");
    expect(Math.abs((await audioDurationMs(out)) - 30_000)).toBeLessThanOrEqual(25);
  });

  it("agrees with ffmpeg's remux on the duration and the cue times", async () => {
    const mine = path.join(dir, "mine.webm");
    const theirs = path.join(dir, "theirs.webm");
    await writeSeekableWebm(pieces(live, 3), mine);
    const reference = await remuxToSeekableWebm(path.join(dir, "live.webm"), theirs);
    const a = await readWebmLayout(mine);
    const b = await readWebmLayout(theirs);
    expect(Math.abs(a.durationMs! - reference.durationMs)).toBeLessThanOrEqual(20);
    expect(a.cuePoints.map((c) => c.timeMs)).toEqual(b.cuePoints.map((c) => c.timeMs));
  });

  it("the same output whatever the pieces", async () => {
    const one = path.join(dir, "one.webm");
    const many = path.join(dir, "many.webm");
    await writeSeekableWebm(
      (async function* () {
        yield live;
      })(),
      one,
    );
    await writeSeekableWebm(pieces(live, 11), many);
    expect(fs.readFileSync(one)).toEqual(fs.readFileSync(many));
  });

  it("a recording cut off mid-element (the page closed while recording) ends at its last whole frame", async () => {
    const full = await packets(path.join(dir, "live.webm"));
    for (const cut of [1, 7, 100, 333]) {
      const out = path.join(dir, `cut-${cut}.webm`);
      const result = await writeSeekableWebm(pieces(live.subarray(0, live.length - cut), cut), out);
      const kept = await packets(out);
      expect(kept.length).toBeGreaterThan(full.length - 3);
      expect(kept).toEqual(full.slice(0, kept.length));
      expect((await runFfmpeg(["-v", "error", "-i", out, "-f", "null", "-"])).stderr).toBe("");
      const layout = await readWebmLayout(out);
      expect(layout.durationMs).toBe(result.durationMs);
      expect(layout.cuePoints.map((c) => c.clusterPosition)).toEqual(layout.clusterPositions);
      expect(result.bytes).toBe(fs.statSync(out).size);
    }
  });

  it("refuses what it does not know, so that the caller can fall back to ffmpeg", async () => {
    const out = path.join(dir, "refused.webm");
    for (const input of [Buffer.from("not a webm at all, not even close"), Buffer.concat([live, live]), live.subarray(0, 200)]) {
      await expect(
        writeSeekableWebm(
          (async function* () {
            yield input;
          })(),
          out,
        ),
      ).rejects.toBeInstanceOf(UnrecognisedWebm);
    }
  });
});
