/**
 * `npm run bench:load`: open-loop mixed load on the production build, as a district uses the
 * service: every role (admin, board, mentor, candidate, API key) reading and writing in two
 * districts (200 people; 10,000 people with 10,000 interviews), messages delivered to pusher-js
 * clients, read-your-writes checked inside the run. See docs/benchmarks.md "Mixed load".
 *
 *   npm run bench:load [-- options]
 *     --processes 1|2      app processes per copy (default 1), behind a round-robin client
 *     --baseline <dir>     also start a copy from another checkout (e.g. a git worktree of the
 *                          previous commit, with node_modules) and measure both, step by step
 *     --rates 50,100,200,400   operations per second, one step each (default)
 *     --duration <s>       seconds per step (20)
 *     --people <n>         people (and interviews) of the big district (10000)
 *     --burst              instead: 200 concurrent writers for 20 s (issue 16), per copy
 *     --growth             instead: the list read and the capacity at 1,000, 10,000, 50,000 people
 *     --per-kind           instead: each kind of operation alone, its CPU cost per process
 *                          (--kinds "read interview,forms" picks kinds, --count n operations each)
 *     --cpu-prof <dir>     run the app processes under --cpu-prof (profiles written at the end)
 *     --node-args "<flags>"   extra node flags for the app processes (e.g. "--trace-gc")
 *     --warmup <s>         seconds of unmeasured load before the first step (5), at
 *     --warmup-rate <n>    operations per second (20)
 *     --app-cpus <n>       each app process (server and worker) limited to n CPUs by a cgroup, as
 *                          if on a machine of its own (bench/load/cpu-limit.ts; needs root)
 *   DATABASE_URL set: each copy on a fresh database of that (local) PostgreSQL; else embedded
 *   PGlite. BENCH_PORT (3400): the current copy's first port; a baseline uses BENCH_PORT + 20.
 *
 * It prints figures and never asserts. Everything it starts is stopped, and its data and
 * databases removed, at the end, on Ctrl-C and after BENCH_TIME_LIMIT_S.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { memoryOf, ROOT, startBench, summarize } from "./harness";
import { runBurst } from "./load/burst";
import { confineToCpus } from "./load/cpu-limit";
import { perKindCosts } from "./load/per-kind";
import { measuredProcesses, startCopy, stopCopy, type Copy } from "./load/copy";
import { mixDescription } from "./load/mix";
import { cpuOf, runStep, send, type StepResult } from "./load/open-loop";
import { connectRealtimeClients, type RealtimeClients } from "./load/realtime-clients";
import { capacity, printComparison, printMemory, printStep } from "./load/report";
import { seedLoadDistricts, type SeededDistrict } from "./load/seed";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name: string) => args.includes(`--${name}`);

const PROCESSES = Number(option("processes") ?? 1);
const BASELINE = option("baseline") ? path.resolve(option("baseline")!) : undefined;
const RATES = (option("rates") ?? "50,100,200,400").split(",").map(Number);
const DURATION_S = Number(option("duration") ?? 20);
const PEOPLE = Number(option("people") ?? 10_000);
const PROFILE_DIR = option("cpu-prof") ? path.resolve(option("cpu-prof")!) : undefined;
const WARMUP_S = Number(option("warmup") ?? 5);
const WARMUP_RATE = Number(option("warmup-rate") ?? 20);
const APP_CPUS = option("app-cpus") ? Number(option("app-cpus")) : undefined;
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const onPostgres = Boolean(process.env.DATABASE_URL);

const bench = startBench({ timeLimitS: Number(process.env.BENCH_TIME_LIMIT_S ?? 7200) });
const { log } = bench;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

type Running = { copy: Copy; districts: SeededDistrict[]; realtime: RealtimeClients; close: () => void };

async function startSeeded(label: string, root: string, basePort: number, people: number): Promise<Running> {
  const nodeArgs = [
    ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.join(PROFILE_DIR, label)}`] : []),
    ...(option("node-args")?.split(" ").filter(Boolean) ?? []),
  ];
  const copy = await startCopy(bench, { label, root, basePort, processes: PROCESSES, onPostgres, nodeArgs: nodeArgs.length ? nodeArgs : undefined });
  if (APP_CPUS) {
    const measured = measuredProcesses(copy);
    for (const app of copy.roots.filter((r) => r.name.startsWith("app"))) {
      const pids = measured.filter((p) => p.name === `${app.name}: next-server` || p.name === `${app.name}: worker`).map((p) => p.pid);
      if (pids.length !== 2) throw new Error(`--app-cpus: found ${pids.length} of ${app.name}'s server and worker`);
      confineToCpus(bench, `cas-bench-${basePort}-${app.name.replace(" ", "-")}`, pids, APP_CPUS);
    }
    log(`${label}: each app process (server and worker) limited to ${APP_CPUS} CPU(s)`);
  }
  const started = Date.now();
  const districts = await seedLoadDistricts(copy.databaseUrl, copy.origins[0], { small: 200, big: people });
  log(
    `${label}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: a district of 200 people and 200 interviews, one of ${people} people and ${people} interviews`,
  );
  const realtime = await connectRealtimeClients(copy, districts);
  // Warm-up, not measured: every route compiled and loaded, pools filled, copies built once.
  await runStep(copy, districts, realtime, WARMUP_RATE, WARMUP_S, 99);
  return { copy, districts, realtime, close: () => realtime.close() };
}

/** The whole people list read right after a change, one at a time: its latency and the CPU it costs the copy. */
async function coldListReads(run: Running, times = 20) {
  const d = run.districts.find((x) => x.name === "big")!;
  const origin = run.copy.origins[0];
  const processes = measuredProcesses(run.copy);
  const latencies: number[] = [];
  let cpu = 0;
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const id = d.candidates[i];
    const patched = await send(
      origin,
      { method: "PATCH", path: `/api/people/${id}`, token: d.tokens.admin, body: Buffer.from(JSON.stringify({ language: i % 2 ? "es" : "fr" })) },
      false,
    );
    if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = processes.reduce((a, p) => a + cpuOf(p.pid), 0);
    const t = performance.now();
    const list = await send(origin, { method: "GET", path: "/api/people", token: d.tokens.admin }, true);
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 50));
    cpu += processes.reduce((a, p) => a + cpuOf(p.pid), 0) - before;
    bytes = list.body?.length ?? 0;
  }
  const warm: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await send(origin, { method: "GET", path: "/api/people", token: d.tokens.admin }, false);
    warm.push(performance.now() - t);
  }
  return { cold: summarize(latencies), cpuPerColdRead: cpu / times, warm: summarize(warm), bytes };
}

function printColdList(label: string, people: number, r: Awaited<ReturnType<typeof coldListReads>>) {
  console.log(
    `${label}: GET /api/people (${people} people, admin, ${(r.bytes / 1024 / 1024).toFixed(1)} MB of JSON) right after a change: p50 ${r.cold.p50.toFixed(1)} ms, max ${r.cold.max.toFixed(1)} ms, ` +
      `${r.cpuPerColdRead.toFixed(1)} ms of CPU each (all of the copy's processes; CPU time is counted in 10 ms ticks, so over 20 reads ±0.5 ms); unchanged: p50 ${r.warm.p50.toFixed(1)} ms`,
  );
}

function hwmOf(copy: Copy) {
  return Object.fromEntries(
    measuredProcesses(copy).map((p) => {
      try {
        return [p.name, memoryOf(p.pid).hwm];
      } catch {
        return [p.name, 0];
      }
    }),
  );
}

async function loadMode(copies: { label: string; root: string; port: number }[]) {
  const running = [];
  for (const c of copies) running.push({ ...c, run: await startSeeded(c.label, c.root, c.port, PEOPLE), steps: [] as StepResult[] });
  for (const r of running) printColdList(r.label, PEOPLE, await coldListReads(r.run));
  for (const rate of RATES) {
    for (const r of running) {
      log(`${r.label}: ${rate} ops/s for ${DURATION_S} s (load average ${loadAverage()})`);
      const step = await runStep(r.run.copy, r.run.districts, r.run.realtime, rate, DURATION_S, rate);
      r.steps.push(step);
      printStep(`${r.label}, ${PROCESSES} app process(es), ${onPostgres ? "PostgreSQL" : "PGlite"}`, step);
      // Let the copy work off what it still holds before the next one is measured.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
  printComparison(running.map((r) => ({ label: r.label, steps: r.steps })));
  for (const r of running) printMemory(r.label, r.steps, hwmOf(r.run.copy));
  for (const r of running) r.run.close();
}

async function burstMode(copies: { label: string; root: string; port: number }[]) {
  for (const c of copies) {
    const run = await startSeeded(c.label, c.root, c.port, PEOPLE);
    const big = run.districts.find((d) => d.name === "big")!;
    log(`${c.label}: 200 concurrent writers for 20 s (load average ${loadAverage()})`);
    const b = await runBurst(run.copy, big, 200, 20);
    console.log(
      `\n${c.label} (${PROCESSES} app process(es), ${onPostgres ? "PostgreSQL" : "PGlite"}), 200 writers × 20 s: ${b.successes} successes, ${b.refused} refusals (429/503; ${b.refusedWithoutRetryAfter} without Retry-After), ` +
        `${b.serverErrors} × 5xx other than 503, ${b.noAnswer} without answer, ${b.other} other; successes p50 ${b.latency.p50.toFixed(0)} ms, p99 ${b.latency.p99.toFixed(0)} ms\n  statuses: ${b.statuses}`,
    );
    run.close();
    await stopCopy(run.copy);
  }
}

async function perKindMode(copies: { label: string; root: string; port: number }[]) {
  for (const c of copies) {
    const run = await startSeeded(c.label, c.root, c.port, PEOPLE);
    const kinds = option("kinds")?.split(",");
    await perKindCosts(run.copy, run.districts, kinds, Number(option("count") ?? 200));
    run.close();
    await stopCopy(run.copy);
  }
}

async function growthMode(copies: { label: string; root: string; port: number }[]) {
  const sizes = (option("sizes") ?? "1000,10000,50000").split(",").map(Number);
  const rows: string[] = [];
  for (const people of sizes) {
    for (const c of copies) {
      const run = await startSeeded(c.label, c.root, c.port, people);
      const cold = await coldListReads(run);
      printColdList(`${c.label}, ${people} people`, people, cold);
      const steps: StepResult[] = [];
      for (const rate of RATES) {
        log(`${c.label}, ${people} people: ${rate} ops/s for ${DURATION_S} s (load average ${loadAverage()})`);
        steps.push(await runStep(run.copy, run.districts, run.realtime, rate, DURATION_S, rate));
        printStep(`${c.label}, ${people} people`, steps.at(-1)!);
      }
      rows.push(
        `  ${String(people).padStart(6)}  ${c.label.padEnd(10)} list after a change p50 ${cold.cold.p50.toFixed(0)} ms / ${cold.cpuPerColdRead.toFixed(1)} ms CPU, unchanged p50 ${cold.warm.p50.toFixed(0)} ms, ` +
          `${(cold.bytes / 1024 / 1024).toFixed(1)} MB; capacity ${capacity(steps) || `under ${RATES[0]}`} ops/s`,
      );
      run.close();
      await stopCopy(run.copy);
    }
  }
  console.log(`\ngrowth (big district of n people and n interviews, beside one of 200):\n${rows.join("\n")}`);
}

async function main() {
  log(
    `${os.cpus().length} CPUs, node ${process.version}, load average ${loadAverage()} at the start; ${onPostgres ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}, ${PROCESSES} app process(es) per copy${APP_CPUS ? `, each limited to ${APP_CPUS} CPU(s)` : ""}`,
  );
  log(`mix: ${mixDescription()}; every role; the two districts half and half`);
  if (BASELINE && !fs.existsSync(path.join(BASELINE, "package.json"))) throw new Error(`--baseline ${BASELINE}: not a checkout of this project`);
  const copies = [{ label: "this", root: ROOT, port: PORT }, ...(BASELINE ? [{ label: "baseline", root: BASELINE, port: PORT + 20 }] : [])];
  if (flag("burst")) await burstMode(copies);
  else if (flag("growth")) await growthMode(copies);
  else if (flag("per-kind")) await perKindMode(copies);
  else await loadMode(copies);
  log(`load average ${loadAverage()} at the end`);
  if (PROFILE_DIR) log(`CPU profiles of the app processes in ${PROFILE_DIR}/<copy> (written as they stop)`);
}

bench.run(main);
