import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Decoder } from "ts-ebml";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { concatenate } from "./concatenate";
import { ffmpegPath, runFfmpeg } from "./ffmpeg";
import { remuxToSeekableWebm } from "./remux";
import { readWebmLayout } from "./webm-layout";

const DEBIAN_FFMPEG = "/usr/bin/ffmpeg";
let dir: string;
let live: string;

/** A WebM shaped like MediaRecorder's: written to a pipe, so no Duration, no Cues, 1 s clusters. */
function makeLiveWebm(file: string, seconds: number) {
  const out = fs.openSync(file, "w");
  const run = spawnSync(
    ffmpegPath(),
    ["-v", "error", "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:a", "libopus", "-f", "webm", "-live", "1", "pipe:1"],
    {
      stdio: ["ignore", out, "pipe"],
    },
  );
  fs.closeSync(out);
  if (run.status !== 0) throw new Error(`could not make a test WebM: ${run.stderr}`);
}

/** Size and checksum of every audio packet: equal lists mean the audio was copied, not re-encoded. */
async function packets(file: string) {
  const { stdout } = await runFfmpeg(["-v", "error", "-i", file, "-map", "0:a:0", "-c", "copy", "-f", "framemd5", "-"]);
  return stdout
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) =>
      line
        .split(",")
        .slice(-2)
        .map((field) => field.trim())
        .join(" "),
    );
}

/** What an independent EBML parser (ts-ebml) finds in a file. */
function decodeWithTsEbml(file: string) {
  const elements = new Decoder().decode(new Uint8Array(fs.readFileSync(file)).buffer);
  const duration = elements.find((e) => e.name === "Duration");
  return {
    cues: elements.filter((e) => e.name === "Cues" && !("isEnd" in e && e.isEnd)).length,
    cuePoints: elements.filter((e) => e.name === "CuePoint" && !("isEnd" in e && e.isEnd)).length,
    duration: duration && "value" in duration ? Number(duration.value) : null,
  };
}

/** Cluster start offsets in the file (absolute), from the layout of a file whose clusters have sizes. */
async function clusterOffsets(file: string) {
  const layout = await readWebmLayout(file);
  return layout.clusterPositions.map((p) => p + layout.segmentDataStart);
}

async function expectSeekable(file: string, expectedMs: number) {
  const layout = await readWebmLayout(file);
  expect(layout.complete).toBe(true);
  expect(Math.abs((layout.durationMs ?? 0) - expectedMs)).toBeLessThan(100);
  expect(layout.cuePoints.length).toBeGreaterThan(1);
  // Every cue leads to the start of a cluster, cue times rise and reach the end of the recording.
  for (const cue of layout.cuePoints) expect(layout.clusterPositions).toContain(cue.clusterPosition);
  const times = layout.cuePoints.map((c) => c.timeMs);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times.at(-1)).toBeGreaterThan(expectedMs - 6000);
  // A player finds the Cues through the SeekHead wherever they are.
  expect(layout.seekHeadCuesPosition).toBe(layout.cuesPosition);
  const independent = decodeWithTsEbml(file);
  expect(independent).toMatchObject({ cues: 1, cuePoints: layout.cuePoints.length });
  expect(independent.duration).toBeGreaterThan(0);
  return layout;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-remux-test-"));
  live = path.join(dir, "live.webm");
  makeLiveWebm(live, 30);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

afterEach(() => {
  delete process.env.FFMPEG_PATH;
  resetEnvCache();
});

describe("remuxToSeekableWebm", () => {
  it("gives a live WebM a Duration and Cues, copying the audio", async () => {
    const before = await readWebmLayout(live);
    expect(before).toMatchObject({ durationMs: null, cuesPosition: null });
    expect(decodeWithTsEbml(live)).toMatchObject({ cues: 0, duration: null });

    const output = path.join(dir, "from-file.webm");
    const result = await remuxToSeekableWebm(live, output);
    expect(result).toMatchObject({ hasCues: true, bytes: fs.statSync(output).size });
    expect(Math.abs(result.durationMs - 30_000)).toBeLessThan(100);
    await expectSeekable(output, 30_000);
    expect(await packets(output)).toEqual(await packets(live));
    const probe = await runFfmpeg(["-i", output], { allowFailure: true });
    expect(probe.stderr).toMatch(/Audio: opus/);
  });

  it("reads MediaRecorder-style chunks as one stream: byte slices cut at cluster starts", async () => {
    const bytes = fs.readFileSync(live);
    const starts = await clusterOffsets(live);
    expect(starts.length).toBeGreaterThan(20);
    // Chunk 1 holds the header and the first cluster; every later chunk is one cluster.
    const bounds = [0, ...starts.slice(1), bytes.length];
    const chunks = bounds.slice(0, -1).map((from, i) => {
      const file = path.join(dir, `chunk-${i + 1}`);
      fs.writeFileSync(file, bytes.subarray(from, bounds[i + 1]));
      return file;
    });

    const output = path.join(dir, "from-chunks.webm");
    const result = await remuxToSeekableWebm(concatenate(chunks), output);
    expect(Math.abs(result.durationMs - 30_000)).toBeLessThan(100);
    await expectSeekable(output, 30_000);
    expect(await packets(output)).toEqual(await packets(live));
  });

  it("accepts clusters of unknown size, as Chrome's MediaRecorder writes them", async () => {
    const bytes = Buffer.from(fs.readFileSync(live));
    for (const start of await clusterOffsets(live)) {
      expect(bytes[start + 4]).toBe(0x01); // an 8-byte size field, rewritten as "unknown"
      bytes.fill(0xff, start + 5, start + 12);
    }
    const output = path.join(dir, "unknown-sizes.webm");
    await remuxToSeekableWebm(Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), output);
    await expectSeekable(output, 30_000);
    expect(await packets(output)).toEqual(await packets(live));
  });

  it("puts the Cues before the clusters with an ffmpeg that can (FFMPEG_PATH, Debian's 5.1)", async () => {
    if (!fs.existsSync(DEBIAN_FFMPEG)) throw new Error(`${DEBIAN_FFMPEG} is missing: apt-get install ffmpeg`);
    process.env.FFMPEG_PATH = DEBIAN_FFMPEG;
    resetEnvCache();
    const output = path.join(dir, "debian.webm");
    const result = await remuxToSeekableWebm(fs.createReadStream(live), output);
    expect(result.cuesAtFront).toBe(true);
    const layout = await expectSeekable(output, 30_000);
    expect(layout.cuesPosition).toBeLessThan(layout.clusterPositions[0]);
    expect(await packets(output)).toEqual(await packets(live));
  });

  it("fails on input that is not audio, leaving no output behind", async () => {
    const output = path.join(dir, "garbage.webm");
    await expect(remuxToSeekableWebm(Readable.from([Buffer.from("not a recording at all")]), output)).rejects.toThrow(/ffmpeg failed/);
    expect(fs.existsSync(output)).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => name.includes("partial"))).toEqual([]);
  });

  it("fails when the input stream breaks half-way instead of keeping a truncated recording", async () => {
    const bytes = fs.readFileSync(live);
    const broken = new Readable({
      read() {
        this.push(bytes.subarray(0, 100_000));
        this.destroy(new Error("storage read failed"));
      },
    });
    const output = path.join(dir, "broken.webm");
    await expect(remuxToSeekableWebm(broken, output)).rejects.toThrow(/storage read failed/);
    expect(fs.existsSync(output)).toBe(false);
  });
});
