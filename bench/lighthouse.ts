/**
 * Lighthouse 13's run of a page, for `npm run bench:pages`: its default mobile preset (a phone's
 * screen, simulated slow 4G: 150 ms round trips, 1.6 Mbit/s, and a CPU 4× slower than this
 * machine's) or its desktop one, in Debian's Chromium through chrome-launcher, signed in with the
 * session cookie sent as a header. Lighthouse 13 asks for Node ≥ 22.19; it runs on this machine's
 * Node 20 (npm warns EBADENGINE). Its CPU slowdown multiplies what this machine takes, so a busy
 * machine scores lower; `calibratedMultiplier` is the slowdown Lighthouse's own calculator
 * suggests for the machine as measured, to run the preset again with.
 */
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export type LighthouseScore = {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Milliseconds the redirects before the page cost (Lighthouse's "Avoid multiple page redirects"). */
  redirectMs: number;
  /** Bytes of JavaScript the page downloads and never runs, as Lighthouse estimates them. */
  unusedJsBytes: number;
  /** The documents loaded in turn when there was more than one (redirects, or a navigation by script). */
  documents: string[];
  /** What Lighthouse took for the largest paint: the element's label, as its report names it. */
  lcpElement: string;
  /**
   * The first contentful paint as it happened in the run, before the simulation: 150–350 ms here,
   * but 1.3 or 2.3 s when Chromium held the page's first frame (docs/architecture.md, "Decisions": the stylesheets).
   */
  observedFcpMs: number;
  /** Lighthouse's own measure of this machine's speed during the run: its 4× slowdown multiplies it. */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuMultiplier: number;
  /** Main-thread time by Lighthouse's task group ("mainthread-work-breakdown": scriptEvaluation, styleLayout, …), ms as simulated. */
  mainThread: Record<string, number>;
};

/**
 * The CPU slowdown that makes this machine a middling phone, by Lighthouse's CPU throttling
 * calculator (docs/throttling.md, lighthouse-cpu-throttling-calculator): 3× at a benchmarkIndex
 * of 1,300, one more per 233 above; 2× at 800 and 1× at 150 below, in straight lines between.
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

type Audit = {
  numericValue?: number;
  details?: {
    overallSavingsBytes?: number;
    overallSavingsMs?: number;
    items?: { url?: string; observedFirstContentfulPaint?: number; group?: string; duration?: number }[];
  };
};

/** The first DOM node an audit's details name (its shape differs between Lighthouse versions). */
function firstNode(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  const node = value as { type?: string; nodeLabel?: string; snippet?: string };
  if (node.type === "node") return node.nodeLabel ?? node.snippet ?? null;
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return null;
}

export async function launchLighthouseBrowser(chromePath: string, flags: string[]) {
  return chromeLauncher.launch({ chromePath, chromeFlags: flags });
}

/**
 * `cpuMultiplier`: the CPU slowdown to simulate instead of the preset's 4×. `desktop`: Lighthouse's
 * desktop preset instead of the mobile one (a desktop screen, dense 4G: 40 ms round trips,
 * 10 Mbit/s, and no CPU slowdown).
 * `reportFile`: where to keep Lighthouse's whole report (JSON), to read a run in detail. With
 * BENCH_LIGHTHOUSE_TRACE_CATEGORIES (Chromium's trace categories, comma-separated, such as
 * "cc,viz,disabled-by-default-v8.cpu_profiler"), the run's trace is kept beside it too.
 */
export async function lighthouseScore(
  port: number,
  url: string,
  { cookie, reportFile, cpuMultiplier, desktop = false }: { cookie?: string; reportFile?: string; cpuMultiplier?: number; desktop?: boolean } = {},
): Promise<LighthouseScore> {
  const result = await lighthouse(
    url,
    {
      port,
      ...(cpuMultiplier ? { throttling: { cpuSlowdownMultiplier: cpuMultiplier } } : {}),
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(process.env.BENCH_LIGHTHOUSE_TRACE_CATEGORIES ? { additionalTraceCategories: process.env.BENCH_LIGHTHOUSE_TRACE_CATEGORIES } : {}),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(lhr));
  if (reportFile && process.env.BENCH_LIGHTHOUSE_TRACE_CATEGORIES)
    fs.writeFileSync(reportFile.replace(/\.json$/, ".trace.json"), JSON.stringify((result.artifacts as unknown as { Trace: unknown }).Trace));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => (lhr.audits[id] ?? {}) as Audit;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint").numericValue ?? NaN,
    fcpMs: audit("first-contentful-paint").numericValue ?? NaN,
    tbtMs: audit("total-blocking-time").numericValue ?? NaN,
    cls: audit("cumulative-layout-shift").numericValue ?? NaN,
    redirectMs: audit("redirects").details?.overallSavingsMs ?? audit("redirects").numericValue ?? 0,
    unusedJsBytes: audit("unused-javascript").details?.overallSavingsBytes ?? 0,
    documents: (audit("redirects").details?.items ?? []).flatMap((item) => (item.url ? [item.url] : [])),
    lcpElement: (firstNode(lhr.audits["lcp-breakdown-insight"]?.details) ?? firstNode(lhr.audits["largest-contentful-paint-element"]?.details) ?? "?")
      .replace(/\s+/g, " ")
      .slice(0, 60),
    observedFcpMs: audit("metrics").details?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    mainThread: Object.fromEntries((audit("mainthread-work-breakdown").details?.items ?? []).map((item) => [item.group ?? "other", item.duration ?? 0])),
  };
}
