/**
 * `npm run bench:jobs`: the durable job queue (pg-boss on the service's database) and the
 * server-side recording pipeline, measured. On a fresh embedded database in a temporary folder
 * (owned by this process, as `npm start`'s database part owns it), or with DATABASE_URL a fresh
 * database `cas_bench_jobs` on that local PostgreSQL. Workers are separate processes
 * (bench/jobs-worker.ts: scripts/worker.ts's handlers).
 *
 *   0. idle: the transactions a worker process (every queue, the periodic tasks) with nothing to
 *      do costs the database per second: its polls, each a transaction (pg_stat_database's
 *      xact_commit over BENCH_IDLE_S, 20 s; PostgreSQL only: PGlite does not count them all).
 *   1. the queue's overhead: BENCH_OVERHEAD_JOBS (200) small jobs enqueued one every 20 ms, each
 *      timed from its enqueue's commit to its start in one worker process (p50/p99). On
 *      PostgreSQL an enqueue wakes the workers through NOTIFY; PGlite drops NOTIFY, so its workers
 *      find jobs at their next poll (JOB_POLL_SECONDS, 0.5 s).
 *   2. throughput: BENCH_JOBS (1,000) small jobs queued at once, drained by 1, 2 and 4 worker
 *      processes (BENCH_WORKERS): jobs per second.
 *   3. the pipeline: for each length in BENCH_MINUTES (1,10,60) a recording of espeak-ng speech
 *      in 10-second chunks is captured through the route handlers, then finalize is asked for
 *      (Prefer: respond-async): the time from that request to the summary being stored, with the
 *      offline engines (pocketsphinx) and with a stand-in OpenAI-compatible server
 *      (tests/helpers/openai-server.ts, answering at once: the queue and pipeline's own cost).
 *
 * It prints figures and never asserts. BENCH_TIME_LIMIT_S (default 3600) stops it.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { freshPgDatabase, percentile, startBench, tsxServer } from "./harness";

const bench = startBench({ timeLimitS: 3600 });
const { log } = bench;

const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const OVERHEAD_JOBS = Number(process.env.BENCH_OVERHEAD_JOBS ?? 200);
const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
const MINUTES = (process.env.BENCH_MINUTES ?? "1,10,60")
  .split(",")
  .map(Number)
  .filter((m) => m > 0);
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "cas-bench-jobs-"));
bench.onCleanup(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

const ffmpegPath = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
function ffmpeg(args: string[]) {
  const result = spawnSync(ffmpegPath, ["-hide_banner", "-v", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(" ")}: ${result.stderr}`);
}

/** `minutes` of espeak-ng speech with room noise, as a live WebM (Opus, no Duration): kept in the temp folder between runs. */
function speech(minutes: number): Buffer {
  const file = path.join(os.tmpdir(), `cas-bench-jobs-speech-${minutes}m.webm`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const raw = path.join(DATA_DIR, "speech.wav");
  const text =
    "Good morning and thank you for coming to the board interview. We would like to hear about your training, your work with the volunteers " +
    "and your plans for the next year. Please tell us what you learned from the last project and how you would handle a difficult meeting. ";
  if (spawnSync("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, text.repeat(3)]).status !== 0)
    throw new Error("espeak-ng is needed (apt-get install espeak-ng)");
  ffmpeg([
    "-stream_loop",
    "-1",
    "-i",
    raw,
    "-t",
    String(minutes * 60),
    "-af",
    "aresample=48000,aeval='val(0)+0.01*(random(0)*2-1)'",
    "-c:a",
    "libopus",
    "-b:a",
    "24k",
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

type Worker = { proc: ChildProcess; lines: string[]; ready: Promise<void> };

function startWorker(env: NodeJS.ProcessEnv, name: string): Worker {
  const logFile = path.join(DATA_DIR, `${name}.log`);
  const proc = bench.spawnNode(name, [...tsxServer, "bench/jobs-worker.ts"], env, logFile);
  const lines: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    timer = setInterval(() => {
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
      lines.splice(0, lines.length, ...text.split("\n"));
      if (text.includes("ready\n")) resolve();
      if (proc.exitCode !== null) reject(new Error(`${name} exited: ${text.slice(-2000)}`));
    }, 50);
  });
  void ready.catch(() => {}).finally(() => clearInterval(timer));
  return { proc, lines, ready };
}

const stop = (w: Worker) =>
  new Promise<void>((resolve) => {
    if (w.proc.exitCode !== null) return resolve();
    w.proc.once("exit", () => resolve());
    w.proc.kill("SIGTERM");
  });

/** Lines `job <i> <ms>` the workers wrote to their logs so far. */
function jobLines(name: string) {
  const file = path.join(DATA_DIR, `${name}.log`);
  return (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").split("\n").filter((l) => l.startsWith("job "));
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  log(`load average at the start: ${load} (2 shared cores: figures move with it)`);
  process.env.DATA_DIR = DATA_DIR;
  process.env.JOBS_SCHEMA = "bench_jobs";
  const pgUrl = await freshPgDatabase(bench, "cas_bench_jobs");
  if (pgUrl) process.env.DATABASE_URL = pgUrl;
  else delete process.env.DATABASE_URL;
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const database = await prepareDatabase(log);
  bench.onCleanup(() => database.close());
  // prepareDatabase set DATABASE_URL after the settings were first read: read them again.
  (await import("@/lib/env")).resetEnvCache();
  const engine = pgUrl ? "PostgreSQL" : "embedded PGlite";
  const { jobBoss, stopJobBoss } = await import("@/lib/jobs/boss");
  const { enqueueJob } = await import("@/lib/jobs/enqueue");
  const boss = await jobBoss();
  bench.onCleanup(() => stopJobBoss(1000));
  const workerEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR, JOBS_SCHEMA: "bench_jobs", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" };

  // ---- 0. idle: what an idle worker process asks of the database ----
  {
    const { db } = await import("@/lib/db/client");
    const commits = async () =>
      Number((await db().$queryRawUnsafe<{ n: bigint }[]>("select xact_commit as n from pg_stat_database where datname = current_database()"))[0].n);
    // scripts/worker.ts's whole set: every queue, the periodic tasks, the schedules.
    const worker = startWorker(workerEnv, "idle-worker");
    await worker.ready;
    await new Promise((r) => setTimeout(r, 3000));
    const before = await commits();
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const after = await commits();
    await stop(worker);
    // Two of them are this measurement's own.
    if (pgUrl) log(`idle (${engine}): one worker process with nothing to do: ${((after - before - 2) / IDLE_S).toFixed(1)} transactions/s over ${IDLE_S} s`);
  }

  // ---- 1. overhead: enqueue (committed) → start ----
  {
    const worker = startWorker({ ...workerEnv, BENCH_NOOP: "1" }, "overhead-worker");
    await worker.ready;
    for (let i = 0; i < OVERHEAD_JOBS; i++) {
      const recordingId = `${i}-${Date.now()}`;
      // A stately queue keeps one queued job per key: one key per job.
      await enqueueJob("chunks-delete", { districtId: "bench", recordingId }, { singletonKey: recordingId });
      await new Promise((r) => setTimeout(r, 20));
    }
    await until(() => jobLines("overhead-worker").length >= OVERHEAD_JOBS, 120_000, "the overhead jobs");
    await stop(worker);
    const waits = jobLines("overhead-worker")
      .map((l) => Number(l.split(" ")[2]))
      .sort((a, b) => a - b);
    log(`overhead (${engine}): ${waits.length} jobs, enqueue → start p50 ${percentile(waits, 50)} ms, p99 ${percentile(waits, 99)} ms, max ${waits.at(-1)} ms`);
  }

  // ---- 2. throughput ----
  const throughput: string[] = [];
  for (const count of WORKERS) {
    const jobs = Array.from({ length: JOBS }, (_, i) => `t${count}-${i}-${Date.now()}`).map((recordingId) => ({
      name: "chunks-delete",
      data: { districtId: "bench", recordingId },
      singletonKey: recordingId,
    }));
    for (let i = 0; i < jobs.length; i += 500) await boss.insert(jobs.slice(i, i + 500));
    const names = Array.from({ length: count }, (_, i) => `throughput-${count}-${i}`);
    const workers = names.map((name) => startWorker({ ...workerEnv, BENCH_NOOP: "1" }, name));
    const started = Date.now();
    await Promise.all(workers.map((w) => w.ready));
    const readyAt = Date.now();
    await until(() => names.reduce((n, name) => n + jobLines(name).length, 0) >= JOBS, 600_000, `${JOBS} jobs with ${count} workers`);
    const seconds = (Date.now() - readyAt) / 1000;
    await Promise.all(workers.map(stop));
    const line = `${count} worker process(es), 2 jobs at once each: ${JOBS} jobs in ${seconds.toFixed(2)} s = ${(JOBS / seconds).toFixed(0)} jobs/s (start-up ${((readyAt - started) / 1000).toFixed(1)} s not counted)`;
    throughput.push(line);
    log(`throughput (${engine}): ${line}`);
  }

  // ---- 3. the pipeline, finalize → summary ----
  const { db } = await import("@/lib/db/client");
  const { seedDemoIfEmpty, DEMO } = await import("@/lib/districts/seed-demo");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  await seedDemoIfEmpty();
  const session = (await createSessionFor(DEMO.admin))!;
  const candidate = (await db().person.findFirst({ where: { email: DEMO.candidate }, select: { id: true } }))!;
  const capture = await import("@/app/api/audio/capture/route");
  const finalize = await import("@/app/api/audio/finalize/route");
  const interviews = await import("@/app/api/interviews/[personId]/route");
  const { readSteps } = await import("@/lib/audio/pipeline/step-state");
  const { startOpenAiServer } = await import("../tests/helpers/openai-server");
  const openai = await startOpenAiServer();
  bench.onCleanup(() => openai.close());
  const auth = { authorization: `Bearer ${session.token}` };
  const call = async (
    handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
    url: string,
    init: RequestInit,
    params: Record<string, string> = {},
  ) => {
    const res = await handler(new Request(`http://localhost:3000${url}`, init), { params: Promise.resolve(params) });
    if (res.status >= 300 && res.status !== 202) throw new Error(`${init.method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };

  const results: string[] = [];
  const engines = [
    { name: "offline (pocketsphinx, extractive summary, apertium)", env: {} },
    { name: "stand-in OpenAI-compatible server", env: { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: openai.apiKey } },
  ];
  for (const e of engines) {
    const worker = startWorker({ ...workerEnv, ...e.env }, `pipeline-worker-${results.length}`);
    await worker.ready;
    for (const minutes of MINUTES) {
      const audio = speech(minutes);
      const chunkBytes = Math.ceil(audio.length / (minutes * 6)); // about ten seconds each
      const interview = (await (
        await call(
          interviews.POST,
          `/api/interviews/${candidate.id}`,
          { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ date: "2026-12-01" }) },
          { personId: candidate.id },
        )
      ).json()) as { id: string };
      const recordingId = `bench-${minutes}m-${Date.now()}`;
      for (let n = 1, at = 0; at < audio.length; n++, at += chunkBytes) {
        const form = new FormData();
        form.set("recordingId", recordingId);
        form.set("chunkNumber", String(n));
        form.set("audio", new File([new Uint8Array(audio.subarray(at, at + chunkBytes))], `c${n}.webm`, { type: "audio/webm;codecs=opus" }));
        await call(capture.POST, "/api/audio/capture", { method: "POST", headers: auth, body: form });
      }
      const asked = Date.now();
      await call(finalize.POST, "/api/audio/finalize", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", prefer: "respond-async" },
        body: JSON.stringify({ recordingId, personId: candidate.id, interviewId: interview.id, name: { en: `Bench ${minutes} min` } }),
      });
      const times: Record<string, number> = {};
      await until(
        async () => {
          const steps = await readSteps({
            districtId: (await db().person.findFirstOrThrow({ where: { id: candidate.id }, select: { districtId: true } })).districtId,
            recordingId,
          });
          for (const s of steps) if (s.state === "done" && times[s.step] === undefined) times[s.step] = Date.now() - asked;
          const failed = steps.find((s) => s.state === "failed" || (s.state === "skipped" && s.step === "transcribe"));
          if (failed) throw new Error(`${failed.step} ${failed.state}: ${failed.error}`);
          return times.summarize !== undefined || steps.some((s) => s.step === "summarize" && s.state === "skipped");
        },
        3_600_000,
        `the pipeline of ${minutes} min`,
      );
      const line = `${e.name}, ${minutes} min: finalize ${(times.finalize / 1000).toFixed(1)} s, transcript ${(times.transcribe / 1000).toFixed(1)} s, summary ${(times.summarize / 1000).toFixed(1)} s after finalize was asked (${((times.transcribe - times.finalize) / 1000 / minutes).toFixed(1)} s of transcription per audio minute)`;
      results.push(line);
      log(line);
    }
    await stop(worker);
  }

  console.log(`\n==== bench:jobs on ${engine} (load average at the start ${load}) ====`);
  const overhead = fs
    .readFileSync(path.join(DATA_DIR, "overhead-worker.log"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("job "))
    .map((l) => Number(l.split(" ")[2]))
    .sort((a, b) => a - b);
  console.log(
    `queue overhead, enqueue → start: p50 ${percentile(overhead, 50)} ms, p99 ${percentile(overhead, 99)} ms (${overhead.length} jobs, one every 20 ms)`,
  );
  for (const line of throughput) console.log(`throughput: ${line}`);
  for (const line of results) console.log(`pipeline: ${line}`);
}

bench.run(main);
