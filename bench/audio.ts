/**
 * `npm run bench:audio`: the recording path on the PRODUCTION build.
 *
 *   1. the production build in .next-bench-audio (built only when stale, bench/production-build.ts)
 *   2. a fresh embedded database and DATA_DIR in a temporary folder (or, with DATABASE_URL set, a
 *      fresh database `cas_bench_audio` on that local PostgreSQL); the app started the way
 *      `npm start` does (bench/app-server.ts, which seeds the demo district), on BENCH_PORT (3220)
 *   3. a 2-hour live WebM (Opus, constant bitrate, shaped like MediaRecorder's: no Duration, no
 *      Cues) cut into 7,200 chunks of 16 KB — a two-hour interview at one chunk a second
 *   4. capture: the 7,200 chunks POSTed to /api/audio/capture by 8 clients at once (keep-alive
 *      connections, as browsers have): chunks/s and latency percentiles
 *   5. `cat` of the same 7,200 chunk files (as stored, in order) into one file: the floor
 *   6. finalize: POST /api/audio/finalize, timed, while the RSS of the app's HTTP server process is
 *      sampled every 10 ms (and ffmpeg's peak, from its own VmHWM): time, ratio to `cat`, RSS growth
 *   7. transcription time per audio minute, for each speech-to-text engine available here
 *      (pocketsphinx when installed; the OpenAI-compatible service when OPENAI_API_KEY or
 *      OPENAI_BASE_URL is set), on a minute of espeak-ng speech with room noise
 *
 * Targets (the issue): ≥ 300 chunks/s; finalize ≤ 3× cat; RSS growth < 64 MB. A benchmark prints
 * figures; it never asserts. Everything it starts is stopped, and its data removed, at the end,
 * on Ctrl-C and after BENCH_TIME_LIMIT_S (default 1800 s).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  appServerPid,
  demoAdminAndCandidate,
  freshPgDatabase,
  mb,
  memoryOf,
  percentile,
  processTree,
  sampleRss,
  sleep,
  startApp,
  startBench,
  useAppDatabase,
  waitForHttp,
} from "./harness";
import { buildIfStale } from "./production-build";

const bench = startBench({ timeLimitS: 1800 });
const { log } = bench;

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const DIST_DIR = ".next-bench-audio";
const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 7200);
const CHUNK_BYTES = 16 * 1024;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "cas-bench-audio-"));
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "cas-bench-audio-work-"));
const appLog = `${DATA_DIR}.log`;
bench.onCleanup(() => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(WORK, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(method: string, pathName: string, token: string, body: Buffer, contentType: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path: pathName,
        agent,
        headers: { authorization: `Bearer ${token}`, "content-type": contentType, "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function chunkBody(recordingId: string, number: number, bytes: Buffer) {
  const boundary = `----benchaudio${number}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="recordingId"\r\n\r\n${recordingId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="chunkNumber"\r\n\r\n${number}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="chunk-${number}.webm"\r\nContent-Type: audio/webm;codecs=opus\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------
// audio

function ffmpeg(args: string[]) {
  const { path: binary } = (globalThis as { __ffmpeg?: { path: string } }).__ffmpeg ?? { path: "" };
  const result = spawnSync(binary, ["-hide_banner", "-v", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(" ")}: ${result.stderr}`);
}

/**
 * A live WebM of `seconds` of Opus at a constant bitrate chosen so that it is CHUNKS × 16 KB. Kept
 * in the system's temp folder between runs (making it takes a minute of ffmpeg).
 */
function longRecording(seconds: number): Buffer {
  const file = path.join(os.tmpdir(), `cas-bench-audio-${CHUNKS}x16k.webm`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const kbps = Math.floor((CHUNKS * CHUNK_BYTES * 8) / seconds / 1000 / 1.02);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=220:sample_rate=48000:duration=${seconds}`,
    "-c:a",
    "libopus",
    "-b:a",
    `${kbps}k`,
    "-vbr",
    "off",
    "-compression_level",
    "0",
    "-f",
    "webm",
    "-live",
    "1",
    "-y",
    `${file}.part`,
  ]);
  fs.renameSync(`${file}.part`, file);
  return fs.readFileSync(file);
}

function speechMinute(): string | null {
  const text =
    "Good morning and thank you for coming to the board interview. We would like to hear about your training, your work with the volunteers " +
    "and your plans for the next year. Please tell us what you learned from the last project and how you would handle a difficult meeting. ";
  const raw = path.join(WORK, "speech-raw.wav");
  if (spawnSync("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, text.repeat(4)]).status !== 0) return null;
  const out = path.join(WORK, "speech-minute.wav");
  ffmpeg(["-i", raw, "-t", "60", "-af", "aeval='val(0)+0.01*(random(0)*2-1)'", "-ar", "16000", "-ac", "1", out]);
  return out;
}

// ---------------------------------------------------------------------------------------

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");

async function main() {
  log(`${os.cpus().length} CPUs, node ${process.version}; ${CHUNKS} chunks of ${CHUNK_BYTES / 1024} KB, ${CONCURRENCY} clients`);
  await buildIfStale(DIST_DIR, log);

  const pgUrl = await freshPgDatabase(bench, "cas_bench_audio");
  log(`starting the app (bench/app-server.ts) on port ${PORT}, ${pgUrl ? "PostgreSQL" : `fresh embedded database in ${DATA_DIR}`}`);
  const app = startApp(bench, { port: PORT, dataDir: DATA_DIR, distDir: DIST_DIR, logFile: appLog, databaseUrl: pgUrl });

  // Meanwhile: the two-hour recording (ffmpeg, one core).
  const { createRequire } = await import("node:module");
  (globalThis as { __ffmpeg?: { path: string } }).__ffmpeg = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
  const seconds = CHUNKS; // one chunk a second
  log(`making a ${seconds / 3600} h live WebM…`);
  const recording = longRecording(seconds);
  const size = Math.ceil(recording.length / CHUNKS);
  const chunks = Array.from({ length: CHUNKS }, (_, i) => recording.subarray(i * size, Math.min((i + 1) * size, recording.length)));
  log(`recording: ${mb(recording.length)}, chunks of ${size} bytes`);

  await waitForHttp(`http://127.0.0.1:${PORT}/api/health`, app, 600_000);
  const openAi = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
  useAppDatabase(DATA_DIR, pgUrl);
  const { token, candidateId } = await demoAdminAndCandidate();
  const { db, disconnectDb } = await import("@/lib/db/client");
  const created = await request("POST", `/api/interviews/${candidateId}`, token, Buffer.from(JSON.stringify({ date: "2026-12-24" })), "application/json");
  if (created.status !== 201) throw new Error(`creating an interview: ${created.status} ${created.body}`);
  const interviewId = JSON.parse(created.body).id as string;

  const serverPid = appServerPid(app.pid!);
  if (!serverPid) throw new Error("could not find the app's server process");

  // Warm-up: the route compiled and its first queries planned.
  const warmId = "bench-warm-up";
  for (let n = 1; n <= 20; n++) await request("POST", "/api/audio/capture", token, ...(Object.values(chunkBody(warmId, n, chunks[0])) as [Buffer, string]));

  // ---- capture ----
  const recordingId = `bench-${Date.now()}`;
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  const rssBeforeCapture = memoryOf(serverPid).rss;
  const captureStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CHUNKS) {
        const number = ++next;
        const { body, contentType } = chunkBody(recordingId, number, chunks[number - 1]);
        const res = await request("POST", "/api/audio/capture", token, body, contentType);
        latencies.push(res.ms);
        if (res.status !== 200) failures.set(`${res.status} ${res.body.slice(0, 120)}`, (failures.get(`${res.status} ${res.body.slice(0, 120)}`) ?? 0) + 1);
      }
    }),
  );
  const captureMs = performance.now() - captureStart;
  latencies.sort((a, b) => a - b);
  const rssAfterCapture = memoryOf(serverPid).rss;

  // ---- cat, the floor ----
  const rows = await db().audioChunk.findMany({ where: { recordingId }, orderBy: { number: "asc" }, select: { storageKey: true } });
  await disconnectDb();
  const files = rows.map((r) => path.join(DATA_DIR, "files", r.storageKey));
  const list = path.join(WORK, "chunks.list");
  fs.writeFileSync(list, files.join("\0"));
  const catOut = path.join(WORK, "cat.webm");
  const catStart = performance.now();
  const cat = spawnSync("sh", ["-c", `xargs -0 cat < "${list}" > "${catOut}"`]);
  const catMs = performance.now() - catStart;
  if (cat.status !== 0) throw new Error(`cat failed: ${cat.stderr}`);
  const catBytes = fs.statSync(catOut).size;
  fs.rmSync(catOut);

  // ---- finalize ----
  await sleep(1_000);
  const before = memoryOf(serverPid);
  let ffmpegPeak = 0;
  const sampler = sampleRss(serverPid, () => {
    for (const p of processTree(serverPid)) if (p.name === "ffmpeg") ffmpegPeak = Math.max(ffmpegPeak, p.hwmKb * 1024);
  });
  const finalizeBody = Buffer.from(JSON.stringify({ recordingId, personId: candidateId, interviewId, name: { en: "Two hours" } }));
  const finalized = await request("POST", "/api/audio/finalize", token, finalizeBody, "application/json");
  const peakRss = sampler.stop();
  if (finalized.status !== 200) throw new Error(`finalize: ${finalized.status} ${finalized.body}`);
  const result = JSON.parse(finalized.body) as { url: string; duration_ms: number };
  const stored = fs.statSync(path.join(DATA_DIR, "files", new URL(result.url).pathname.slice("/files/".length))).size;

  // ---- transcription per audio minute ----
  const speech = process.env.BENCH_TRANSCRIBE === "0" ? null : speechMinute();
  const engines: string[] = [];
  const { resetEnvCache } = await import("@/lib/env");
  const { transcribeAudioFile } = await import("@/lib/ai/transcribe-audio-file");
  const { findPocketsphinx } = await import("@/lib/ai/pocketsphinx");
  const { audioDurationMs } = await import("@/lib/media/duration");
  if (speech) {
    const minutes = (await audioDurationMs(speech)) / 60_000;
    if (findPocketsphinx()) {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      resetEnvCache();
      const started = performance.now();
      const heard = await transcribeAudioFile(speech);
      engines.push(
        `pocketsphinx: ${((performance.now() - started) / 1000 / minutes).toFixed(1)} s per audio minute (${heard.text.split(/\s+/).length} words heard)`,
      );
    } else engines.push("pocketsphinx: not installed (apt-get install pocketsphinx pocketsphinx-en-us)");
    if (openAi.key || openAi.url) {
      if (openAi.key) process.env.OPENAI_API_KEY = openAi.key;
      if (openAi.url) process.env.OPENAI_BASE_URL = openAi.url;
      resetEnvCache();
      const started = performance.now();
      await transcribeAudioFile(speech);
      engines.push(`openai (${openAi.url ?? "api.openai.com"}): ${((performance.now() - started) / 1000 / minutes).toFixed(1)} s per audio minute`);
    } else engines.push("openai: not configured (OPENAI_API_KEY / OPENAI_BASE_URL unset)");
  } else
    engines.push(process.env.BENCH_TRANSCRIBE === "0" ? "skipped (BENCH_TRANSCRIBE=0)" : "no espeak-ng: no speech to transcribe (apt-get install espeak-ng)");

  const chunksPerSecond = CHUNKS / (captureMs / 1000);
  console.log("");
  console.log(`database: ${pgUrl ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}; load average before the run: ${loadBefore}`);
  console.log(
    `capture: ${CHUNKS} chunks of ${size} B, ${CONCURRENCY} clients: ${(captureMs / 1000).toFixed(1)} s = ${chunksPerSecond.toFixed(0)} chunks/s (target ≥ 300); ` +
      `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms` +
      (failures.size ? `; failed: ${[...failures].map(([k, v]) => `${v}× ${k}`).join("; ")}` : "; all 200"),
  );
  console.log(`         app RSS ${mb(rssBeforeCapture)} before, ${mb(rssAfterCapture)} after`);
  console.log(`cat of the same ${files.length} chunk files into one: ${(catMs / 1000).toFixed(2)} s (${mb(catBytes)})`);
  console.log(
    `finalize (${(CHUNKS / 3600).toFixed(1)} h, ${CHUNKS} chunks → seekable WebM): ${(finalized.ms / 1000).toFixed(2)} s = ${(finalized.ms / catMs).toFixed(2)}× cat (target ≤ 3×); ` +
      `duration ${(result.duration_ms / 3_600_000).toFixed(3)} h, ${mb(stored)}`,
  );
  console.log(
    `         app RSS ${mb(before.rss)} before, peak ${mb(peakRss)}: growth ${mb(peakRss - before.rss)} (target < 64 MB); ` +
      (ffmpegPeak ? `ffmpeg's own peak ${mb(ffmpegPeak)}` : "no ffmpeg (the one-pass writer took it)"),
  );
  for (const line of engines) console.log(`transcription, ${line}`);
  console.log(`build: ${DIST_DIR}; data: ${DATA_DIR} (removed); duration ${bench.elapsedS().toFixed(0)} s`);
}

bench.run(main, appLog);
