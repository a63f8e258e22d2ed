/**
 * The tables `npm run bench:load` prints: per step, p50/p95/p99 by kind and overall with the
 * errors, CPU per operation, the read-your-writes checks and the realtime deliveries; then the
 * capacity of each copy, side by side when there is a baseline, and memory.
 */
import { mb, summarize } from "../harness";
import { KIND_NAMES } from "./mix";
import type { StepResult } from "./open-loop";

/** The p99 an operation rate must stay under to count as within capacity. */
const P99_TARGET_MS = 250;

const num = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : "–");
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);

const ok = (status: number) => status >= 200 && status < 300;

function stepFigures(step: StepResult) {
  const all = summarize(step.samples.map((s) => s.ms));
  const errors = step.samples.filter((s) => !ok(s.status)).length;
  const cpu = Object.values(step.cpuMs).reduce((a, b) => a + b, 0);
  return { ...all, errors, cpuPerOp: cpu / Math.max(1, step.samples.length), withinTarget: all.p99 < P99_TARGET_MS && errors === 0 };
}

/** CPU times (ms) by process, as "name 1.2 s, …". */
const seconds = (cpuMs: Record<string, number>) =>
  Object.entries(cpuMs)
    .map(([name, ms]) => `${name} ${num(ms / 1000, 1)} s`)
    .join(", ");

export function printStep(label: string, step: StepResult) {
  const f = stepFigures(step);
  console.log(
    `\n${label}: ${step.rate} ops/s × ${(step.sent / step.rate).toFixed(0)} s = ${step.sent} operations (sender at most ${num(step.sendLagMs)} ms behind its schedule)`,
  );
  const head = `  ${pad("kind", 24)}${lpad("n", 6)}${lpad("p50 ms", 9)}${lpad("p95 ms", 9)}${lpad("p99 ms", 9)}${lpad("max ms", 9)}  errors`;
  console.log(head);
  const row = (name: string, samples: StepResult["samples"]) => {
    const s = summarize(samples.map((x) => x.ms));
    const bad = samples.filter((x) => !ok(x.status));
    const statuses = [...new Set(bad.map((x) => x.status))]
      .map((st) => `${st === 0 ? "no answer" : st}×${bad.filter((x) => x.status === st).length}`)
      .join(" ");
    console.log(
      `  ${pad(name, 24)}${lpad(String(s.n), 6)}${lpad(num(s.p50), 9)}${lpad(num(s.p95), 9)}${lpad(num(s.p99), 9)}${lpad(num(s.max), 9)}  ${bad.length ? statuses : "0"}`,
    );
  };
  for (const kind of KIND_NAMES)
    row(
      kind,
      step.samples.filter((s) => s.kind === kind),
    );
  row(
    "  district of 200",
    step.samples.filter((s) => s.district === "small"),
  );
  row(
    "  big district",
    step.samples.filter((s) => s.district === "big"),
  );
  row("all", step.samples);
  const d = step.deliveries;
  const dl = summarize(d.latencies);
  console.log(
    `  realtime: ${d.delivered} of ${d.expected} deliveries to pusher-js clients, send → arrival p50 ${num(dl.p50)} ms, p95 ${num(dl.p95)} ms, p99 ${num(dl.p99)} ms`,
  );
  const v = step.verify;
  console.log(
    `  read-your-writes: ${v.held} of ${v.checked} reads right after a write saw it (${v.unchecked} more could not tell: refused, or another write of the same thing in flight at once)` +
      (v.failures.length ? ` — FAILED: ${v.failures.slice(0, 5).join("; ")}` : ""),
  );
  console.log(
    `  CPU: ${num(f.cpuPerOp, 2)} ms per operation (${seconds(step.cpuMs)}); ${f.withinTarget ? "within" : "NOT within"} p99 < ${P99_TARGET_MS} ms with 0 errors\n` +
      `  CPU outside the app: ${seconds(step.outsideCpuMs)}`,
  );
}

/** The highest rate whose p99 stayed under the target with no error; 0 when none did. */
export function capacity(steps: StepResult[]) {
  return Math.max(0, ...steps.filter((s) => stepFigures(s).withinTarget).map((s) => s.rate));
}

export function printComparison(copies: { label: string; steps: StepResult[] }[]) {
  console.log(`\nside by side (capacity = the highest rate with p99 < ${P99_TARGET_MS} ms and no error):`);
  const rates = [...new Set(copies.flatMap((c) => c.steps.map((s) => s.rate)))].sort((a, b) => a - b);
  console.log(`  ${pad("ops/s", 7)}${copies.map((c) => pad(`| ${c.label}: p50 / p99 ms, errors, CPU ms/op`, 52)).join("")}`);
  for (const rate of rates) {
    const cells = copies.map((c) => {
      const step = c.steps.find((s) => s.rate === rate);
      if (!step) return pad("| –", 52);
      const f = stepFigures(step);
      return pad(`| ${num(f.p50)} / ${num(f.p99)}, ${f.errors}, ${num(f.cpuPerOp, 2)}${f.withinTarget ? "" : "  (over)"}`, 52);
    });
    console.log(`  ${pad(String(rate), 7)}${cells.join("")}`);
  }
  for (const c of copies) console.log(`  capacity of ${c.label}: ${capacity(c.steps) || `under ${rates[0]}`} ops/s`);
  if (copies.length === 2) {
    const [now, before] = copies.map((c) => capacity(c.steps));
    if (before) console.log(`  capacity ratio ${copies[0].label} / ${copies[1].label}: ${(now / before).toFixed(2)}×`);
  }
}

export function printMemory(label: string, steps: StepResult[], hwm: Record<string, number>) {
  const peaks: Record<string, number> = {};
  for (const s of steps) for (const [name, rss] of Object.entries(s.peakRss)) peaks[name] = Math.max(peaks[name] ?? 0, rss);
  console.log(`\nmemory of ${label} (RSS sampled every 200 ms during the steps; VmHWM = the kernel's peak since start, seeding included):`);
  for (const [name, rss] of Object.entries(peaks))
    console.log(`  ${pad(name, 40)} peak under load ${lpad(mb(rss), 10)}, VmHWM ${lpad(hwm[name] ? mb(hwm[name]) : "–", 10)}`);
}
