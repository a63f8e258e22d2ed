/**
 * Lighthouse's runs of `npm run bench:pages`: each page, the floor page first, run three times
 * over — with Lighthouse's default mobile preset (4× CPU slowdown), with the slowdown calibrated
 * to the machine as that page's default runs measured it (bench/lighthouse.ts,
 * `calibratedMultiplier`), and with its desktop preset — each the median of `runs` runs, its total
 * blocking time and script evaluation as ratios to the floor's, and where the slowest run's main
 * thread went.
 */
import fs from "node:fs";
import path from "node:path";
import { calibratedMultiplier, launchLighthouseBrowser, lighthouseScore, type LighthouseScore } from "./lighthouse";
import { median } from "./pages-visit";

export type PhoneTarget = { url: string; label: string; as: string | null; cookie?: string };
type Options = { runs: number; chromium: string; chromiumArgs: string[]; reportsDir?: string; log: (line: string) => void };
type Preset = "default" | "calibrated" | "desktop";
const PRESETS: Preset[] = ["default", "calibrated", "desktop"];

/**
 * A first paint this late, as the run happened (unsimulated), is Chromium holding the frame (its
 * compositor throttled to one frame a second): the page's own first paint is at 150–350 ms here.
 */
const HELD_FRAME_MS = 1000;
const wasHeld = (run: LighthouseScore) => run.observedFcpMs >= HELD_FRAME_MS;
const scriptEval = (run: LighthouseScore) => run.mainThread.scriptEvaluation ?? 0;
const mainThreadTotal = (run: LighthouseScore) => Object.values(run.mainThread).reduce((a, b) => a + b, 0);

type Summary = { runs: LighthouseScore[]; m: (f: (run: LighthouseScore) => number) => number; slowest: LighthouseScore };

function summarize(runs: LighthouseScore[]): Summary {
  // The slowest run: the most blocking time, then the most main-thread work.
  const slowest = [...runs].sort((a, b) => b.tbtMs - a.tbtMs || mainThreadTotal(b) - mainThreadTotal(a))[0];
  return { runs, m: (f) => median(runs.map(f)), slowest };
}

/** Each preset's runs of each target (its label → preset → summary); a target Lighthouse cannot score is left out. */
async function measure(targets: PhoneTarget[], { runs, chromium, chromiumArgs, reportsDir, log }: Options) {
  if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
  const reportFile = (t: PhoneTarget, preset: Preset, run: number) =>
    reportsDir && path.join(reportsDir, `${`${t.label}-${t.as ?? "visitor"}`.replace(/[^a-z0-9]+/gi, "_")}-${preset}-${run}.json`);
  // Each run gets a browser of its own: in one shared browser, every run after the first counted
  // the previous page's document as a redirect before its own and found its first paint later.
  const once = async (t: PhoneTarget, preset: Preset, run: number, multiplier?: number) => {
    const chrome = await launchLighthouseBrowser(chromium, chromiumArgs);
    try {
      return await lighthouseScore(chrome.port, t.url, {
        cookie: t.cookie,
        reportFile: reportFile(t, preset, run),
        cpuMultiplier: multiplier,
        desktop: preset === "desktop",
      });
    } finally {
      await chrome.kill();
    }
  };
  const results = new Map<PhoneTarget, Record<Preset, Summary>>();
  for (const t of targets) {
    const name = `${t.label} (${t.as ?? "anonymous"})`;
    try {
      const byPreset = {} as Record<Preset, Summary>;
      let multiplier: number | undefined;
      for (const preset of PRESETS) {
        const done: LighthouseScore[] = [];
        for (let i = 1; i <= runs; i++) {
          const run = await once(t, preset, i, preset === "calibrated" ? multiplier : undefined);
          log(
            `  ${name} ${preset} run ${i}: ${run.score}, LCP ${run.lcpMs.toFixed(0)} ms (${run.lcpElement}), TBT ${run.tbtMs.toFixed(0)} ms, script evaluation ${scriptEval(run).toFixed(0)} ms; CPU ${run.cpuMultiplier.toFixed(2)}×, machine ${run.benchmarkIndex.toFixed(0)}${wasHeld(run) ? ", first paint held" : ""}`,
          );
          done.push(run);
        }
        byPreset[preset] = summarize(done);
        multiplier = calibratedMultiplier(byPreset.default.m((r) => r.benchmarkIndex));
      }
      results.set(t, byPreset);
    } catch (error) {
      // Lighthouse scores no page that answers an error status (the unknown page is a 404 on purpose).
      log(`Lighthouse mobile ${name}: not scored (${(error as Error).message.slice(0, 80)})`);
    }
  }
  return results;
}

function table(head: string[], rows: string[][], textColumns: number) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= textColumns ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i >= textColumns ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  console.log([line(head), rule, ...rows.map(line)].join("\n"));
}

const ms = (n: number) => n.toFixed(0);
/** `value` as a multiple of the floor's; a dash when the floor's is zero or unknown. */
const ratio = (value: number, floor: number | undefined) => (floor ? `${(value / floor).toFixed(1)}×` : "–");

/** Measures every target (the floor page first: `targets[0]`) and prints the tables. */
export async function phoneTables(targets: PhoneTarget[], options: Options) {
  const results = await measure(targets, options);
  const floor = results.get(targets[0]);
  const floorOf = (preset: Preset, f: (run: LighthouseScore) => number) => floor?.[preset].m(f);
  const indexes = [...results.values()].flatMap((r) => PRESETS.flatMap((preset) => r[preset].runs.map((run) => run.benchmarkIndex)));
  const runsLabel = options.runs > 1 ? `median of ${options.runs} runs` : "one run";

  for (const preset of PRESETS) {
    const rows = [...results].map(([t, r]) => {
      const s = r[preset];
      const tbt = s.m((run) => run.tbtMs);
      const evalMs = s.m(scriptEval);
      return [
        t.label,
        t.as ?? "–",
        // The calibrated runs' slowdown came from the default runs' index: the one shown for both.
        ms(r.default.m((run) => run.benchmarkIndex)),
        `${s.m((run) => run.cpuMultiplier).toFixed(2)}×`,
        String(s.m((run) => run.score)),
        ms(s.m((run) => run.lcpMs)),
        ms(s.m((run) => run.fcpMs)),
        ms(tbt),
        ratio(
          tbt,
          floorOf(preset, (run) => run.tbtMs),
        ),
        ms(evalMs),
        ratio(evalMs, floorOf(preset, scriptEval)),
        s.m((run) => run.cls).toFixed(3),
        ms(s.m((run) => run.redirectMs)),
        (s.m((run) => run.unusedJsBytes) / 1024).toFixed(1),
        `${s.runs.filter(wasHeld).length}/${s.runs.length}`,
      ];
    });
    const what = {
      default: "Lighthouse mobile, default mobile preset: simulated slow 4G, 4× CPU; targets: score ≥ 90, LCP < 2,500 ms, TBT ≤ 1.5× the floor's",
      calibrated:
        "Lighthouse mobile, CPU slowdown calibrated to the machine (Lighthouse's calculator on the median benchmarkIndex of the page's default runs); target: score ≥ 85 for a candidate's start and interview pages",
      desktop: "Lighthouse desktop preset: dense 4G, no CPU slowdown; target: score ≥ 98",
    }[preset];
    console.log(
      `\n${what}; ${runsLabel}, each figure its own median; × floor: as a multiple of the floor page's; held: runs whose first paint Chromium held back (≥ ${HELD_FRAME_MS} ms as run)`,
    );
    table(
      [
        "route",
        "as",
        "benchmarkIndex",
        "CPU",
        "score",
        "LCP ms",
        "FCP ms",
        "TBT ms",
        "TBT × floor",
        "script eval ms",
        "eval × floor",
        "CLS",
        "redirects ms",
        "unused JS KB",
        "held",
      ],
      rows,
      2,
    );
  }
  if (indexes.length) console.log(`\nbenchmarkIndex over all runs: median ${ms(median(indexes))}, ${ms(Math.min(...indexes))}–${ms(Math.max(...indexes))}`);

  const groups = ["scriptEvaluation", "scriptParseCompile", "styleLayout", "garbageCollection", "paintCompositeRender", "parseHTML", "other"];
  const rows = [...results].flatMap(([t, r]) =>
    PRESETS.map((preset) => {
      const run = r[preset].slowest;
      return [
        t.label,
        t.as ?? "–",
        preset,
        `${run.cpuMultiplier.toFixed(2)}×`,
        ms(run.tbtMs),
        ms(mainThreadTotal(run)),
        ...groups.map((g) => ms(run.mainThread[g] ?? 0)),
      ];
    }),
  );
  console.log("\nMain-thread work of each page's slowest run (most TBT) per preset, ms as simulated (Lighthouse's mainthread-work-breakdown)");
  table(["route", "as", "preset", "CPU", "TBT", "total", "script eval", "parse/compile", "style & layout", "GC", "paint", "HTML parse", "other"], rows, 3);
}
