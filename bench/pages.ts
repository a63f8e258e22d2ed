/**
 * `npm run bench:pages`: what each page costs a browser on its first visit, on the PRODUCTION
 * build, in Debian's Chromium:
 *
 *   - first-load JavaScript: every script the page requests before its load event (the
 *     framework's chunks, its own, and what it imports while hydrating), each gzipped at level 6
 *     as the server would send it, summed; and, apart, the scripts it fetches after that until
 *     the network is idle (code deliberately deferred, such as the realtime client on idle);
 *   - the largest contentful paint (LCP) from PerformanceObserver, the median of RUNS visits,
 *     each in a fresh browser context (cold cache) after one warm-up visit of the route.
 *
 * Steps: the production build in .next-bench-pages (only when sources changed), a fresh
 * embedded database in .data-bench-pages with the demo district (bench/app-server.ts), the
 * app on BENCH_PORT (3400); signed-in pages get a session minted by the ops command
 * (`admin session --email …`) as the next-auth cookie. Prints a table; never asserts.
 * Everything it starts is stopped, and its data removed, at the end or on Ctrl-C.
 *
 * Then Lighthouse 13's mobile run of each route (bench/lighthouse.ts: simulated slow 4G, 4× CPU):
 * the performance score, LCP, total blocking time, what redirects cost, and the JavaScript
 * downloaded but never run; the median of BENCH_LIGHTHOUSE_RUNS runs (default 1).
 *
 * Knobs: BENCH_PORT (3400), BENCH_RUNS (3), BENCH_ROUTES (comma-separated paths as printed,
 * e.g. "/sign-in,/people"), BENCH_LIST_SCRIPTS=1 (each route's scripts with their sizes),
 * BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_LIGHTHOUSE_RUNS (1), BENCH_LIGHTHOUSE_REPORTS=<dir>
 * (keep each run's whole Lighthouse report there, as JSON), BENCH_SKIP_TYPECHECK=1 (see
 * production-build.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { startApp, startBench, tsxServer, waitForHttp } from "./harness";
import { launchPhoneBrowser, phoneScore, type PhoneScore } from "./lighthouse";
import { buildIfStale } from "./production-build";

const bench = startBench({ timeLimitS: 900 });
const { log } = bench;

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ORIGIN = `http://localhost:${PORT}`;
const DIST_DIR = ".next-bench-pages";
const DATA_DIR = ".data-bench-pages";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ROUTES?.split(",").map((s) => s.trim()).filter(Boolean);
const LIST_SCRIPTS = process.env.BENCH_LIST_SCRIPTS === "1";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const LIGHTHOUSE_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : undefined;
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const appLog = path.join(os.tmpdir(), `cas-bench-pages-${process.pid}.log`);
bench.onCleanup(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

type Role = "admin" | "board" | "mentor" | "candidate";
const EMAIL: Record<Role, string> = { admin: "admin@demo.test", board: "board@demo.test", mentor: "mentor@demo.test", candidate: "candidate@demo.test" };

/** The demo district's records the page paths need. */
type Ids = { cleo: string; published: string; draft: string; form: string };

const ROUTES: { path: (ids: Ids) => string; as: Role | null }[] = [
  { path: () => "/sign-in", as: null },
  { path: () => "/", as: "admin" },
  { path: () => "/", as: "board" },
  { path: () => "/", as: "mentor" },
  { path: () => "/", as: "candidate" },
  { path: () => "/people", as: "admin" },
  { path: (ids) => `/people/${ids.cleo}`, as: "admin" },
  { path: () => "/interviews", as: "board" },
  { path: (ids) => `/interviews/${ids.cleo}/${ids.draft}`, as: "board" },
  { path: (ids) => `/interviews/${ids.cleo}/${ids.published}`, as: "candidate" },
  { path: () => "/settings/roles", as: "admin" },
  { path: (ids) => `/settings/forms/${ids.form}`, as: "admin" },
  { path: () => "/settings/keys", as: "admin" },
  { path: () => "/messages", as: "candidate" },
  { path: () => "/no-such-page", as: "candidate" },
];

// ---------------------------------------------------------------------------------------
// the app

/** A session token from the ops command, which reaches the embedded database through the app. */
function sessionToken(email: string): string {
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const result = spawnSync(process.execPath, [...tsxServer, "scripts/admin.ts", "session", "--email", email], { env: { ...env, DATA_DIR }, encoding: "utf8" });
  const last = result.stdout.trim().split("\n").pop() ?? "";
  const parsed = JSON.parse(last) as { token?: string; error?: string };
  if (!parsed.token) throw new Error(`no session for ${email}: ${parsed.error ?? result.stderr}`);
  return parsed.token;
}

async function demoIds(adminToken: string): Promise<Ids> {
  const get = async <T>(p: string) => (await (await fetch(`${ORIGIN}${p}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as T;
  const people = await get<{ id: string; email: string }[]>("/api/people");
  const cleo = people.find((p) => p.email === EMAIL.candidate)!.id;
  const interviews = await get<{ id: string; published: 0 | 1 }[]>(`/api/interviews?person_id=${cleo}`);
  const forms = await get<{ id: string }[]>("/api/forms");
  return { cleo, published: interviews.find((i) => i.published)!.id, draft: interviews.find((i) => !i.published)!.id, form: forms[0].id };
}

// ---------------------------------------------------------------------------------------
// the browser

type Script = { url: string; gzip: number; deferred: boolean };
type Visit = { finalPath: string; scripts: Script[]; firstLoad: number; deferred: number; lcpMs: number };

async function visit(browser: Browser, pathname: string, token: string | undefined): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addCookies([{ name: "next-auth.session-token", value: token, url: ORIGIN }]);
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const page = await context.newPage();
  const sizes: Promise<{ url: string; gzip: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url()).pathname;
    sizes.push(response.body().then((body) => ({ url, gzip: gzipSync(body, { level: 6 }).length }), () => ({ url, gzip: 0 })));
  });
  await page.goto(`${ORIGIN}${pathname}`, { waitUntil: "networkidle" });
  // LCP stops changing once the page has settled; a short pause lets the last entry arrive.
  await page.waitForTimeout(300);
  const { lcpMs, loadedAt, requested } = await page.evaluate(() => ({
    lcpMs: (window as unknown as { __lcp: number }).__lcp,
    loadedAt: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    requested: performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.startTime] as const),
  }));
  const startOf = new Map(requested);
  const finalPath = new URL(page.url()).pathname + new URL(page.url()).search;
  const scripts: Script[] = (await Promise.all(sizes)).map((s) => ({ ...s, deferred: (startOf.get(s.url) ?? 0) > loadedAt }));
  await context.close();
  const sum = (list: Script[]) => list.reduce((total, s) => total + s.gzip, 0);
  return { finalPath, scripts, firstLoad: sum(scripts.filter((s) => !s.deferred)), deferred: sum(scripts.filter((s) => s.deferred)), lcpMs };
}

/**
 * A first paint this late, as the run happened (unsimulated), is Chromium holding the frame (its
 * compositor throttled to one frame a second): the page's own first paint is at 150–350 ms here.
 */
const HELD_FRAME_MS = 1000;
const wasHeld = (run: PhoneScore) => run.observedFcpMs >= HELD_FRAME_MS;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  log(`${os.cpus().length} CPUs, node ${process.version}; ${RUNS} measured visits per route`);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  await buildIfStale(DIST_DIR, log);
  log(`starting the app on port ${PORT} (log: ${appLog})`);
  const app = startApp(bench, { port: PORT, dataDir: DATA_DIR, distDir: DIST_DIR, logFile: appLog });
  await waitForHttp(`${ORIGIN}/sign-in`, app, 240_000);
  const tokens = Object.fromEntries((Object.keys(EMAIL) as Role[]).map((role) => [role, sessionToken(EMAIL[role])])) as Record<Role, string>;
  const ids = await demoIds(tokens.admin);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  const selected = ROUTES.map((route) => {
    const pathname = route.path(ids);
    return { ...route, pathname, label: pathname.replace(ids.cleo, ":personId").replace(ids.published, ":id").replace(ids.draft, ":id").replace(ids.form, ":id") };
  }).filter((r) => !ONLY || ONLY.includes(r.label));
  for (const { pathname, label, ...route } of selected) {
    const token = route.as ? tokens[route.as] : undefined;
    await visit(browser, pathname, token); // warm-up: the server's first render of the route
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, pathname, token));
    const last = visits[visits.length - 1];
    const landed = last.finalPath === pathname ? "" : last.finalPath.replace(ids.cleo, ":personId");
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const lcp = median(visits.map((v) => v.lcpMs)).toFixed(0);
    rows.push([label, route.as ?? "–", landed, String(last.scripts.length), kb(last.firstLoad), kb(last.deferred), lcp]);
    log(`${label} (${route.as ?? "anonymous"}): ${kb(last.firstLoad)} KB first load + ${kb(last.deferred)} KB later, LCP ${lcp} ms`);
    if (LIST_SCRIPTS) for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip)) log(`    ${kb(s.gzip).padStart(6)} KB${s.deferred ? " later" : "      "}  ${s.url}`);
  }
  await browser.close();

  const head = ["route", "as", "landed on", "scripts", "first-load JS KB gzip", "later KB", "LCP ms"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ")} |`;
  console.log(`\n${line(head)}\n|${widths.map((w, i) => (i >= 3 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const row of rows) console.log(line(row));
  if (LIGHTHOUSE) await phoneTable(selected, tokens);
}

/**
 * Lighthouse's mobile run of each route (the median score of LIGHTHOUSE_RUNS runs), as a table.
 * Each run gets a browser of its own: in one shared browser, every run after the first counted the
 * previous page's document as a redirect before its own (about 2.4 s on the simulated network)
 * and found its first paint a second later than a run of its own.
 */
async function phoneTable(routes: { pathname: string; label: string; as: Role | null }[], tokens: Record<Role, string>) {
  const rows: string[][] = [];
  if (LIGHTHOUSE_REPORTS) fs.mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
  const reportFile = (label: string, as: Role | null, run: number) =>
    LIGHTHOUSE_REPORTS && path.join(LIGHTHOUSE_REPORTS, `${`${label}-${as ?? "visitor"}`.replace(/[^a-z0-9]+/gi, "_")}-${run}.json`);
  const scoreOnce = async (url: string, cookie: string | undefined, report: string | undefined) => {
    const chrome = await launchPhoneBrowser(CHROMIUM, CHROMIUM_ARGS);
    try {
      return await phoneScore(chrome.port, url, cookie, report);
    } finally {
      await chrome.kill();
    }
  };
  for (const route of routes) {
    const cookie = route.as ? `next-auth.session-token=${tokens[route.as]}` : undefined;
    const runs: PhoneScore[] = [];
    try {
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const run = await scoreOnce(`${ORIGIN}${route.pathname}`, cookie, reportFile(route.label, route.as, i + 1));
        const held = wasHeld(run) ? " (held)" : "";
        log(`  run ${i + 1}: ${run.score}, LCP ${run.lcpMs.toFixed(0)} ms (${run.lcpElement}), TBT ${run.tbtMs.toFixed(0)} ms; first paint ${run.observedFcpMs.toFixed(0)} ms as run${held}, machine ${run.benchmarkIndex.toFixed(0)}`);
        runs.push(run);
      }
    } catch (error) {
      // Lighthouse scores no page that answers an error status (the unknown page is a 404 on purpose).
      log(`Lighthouse mobile ${route.label}: not scored (${(error as Error).message.slice(0, 80)})`);
      continue;
    }
    const m = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    const heldRuns = runs.filter(wasHeld).length;
    rows.push([route.label, route.as ?? "–", String(m.score), m.lcpMs.toFixed(0), m.fcpMs.toFixed(0), m.tbtMs.toFixed(0), m.cls.toFixed(3), m.redirectMs.toFixed(0), (m.unusedJsBytes / 1024).toFixed(1), `${heldRuns}/${runs.length}`]);
    log(`Lighthouse mobile ${route.label} (${route.as ?? "anonymous"}): ${m.score}, LCP ${m.lcpMs.toFixed(0)} ms, TBT ${m.tbtMs.toFixed(0)} ms`);
    if (m.documents.length) log(`  documents loaded in turn: ${m.documents.map((u) => u.replace(ORIGIN, "")).join(" → ")}`);
  }
  const head = ["route", "as", "score", "LCP ms", "FCP ms", "TBT ms", "CLS", "redirects ms", "unused JS KB", "held"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ")} |`;
  console.log(`
Lighthouse ${LIGHTHOUSE_RUNS > 1 ? `(median of ${LIGHTHOUSE_RUNS}) ` : ""}mobile: simulated slow 4G, 4× CPU; targets: score ≥ 95, LCP < 2,500 ms; held: runs whose first paint Chromium held back (≥ ${HELD_FRAME_MS} ms as run)`);
  console.log(`${line(head)}
|${widths.map((w, i) => (i >= 2 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

bench.run(main, appLog);
