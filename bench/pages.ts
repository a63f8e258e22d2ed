/**
 * `npm run bench:pages`: what each page costs a browser on its first visit, on the PRODUCTION
 * build, in Debian's Chromium:
 *
 *   - first-load JavaScript: every script the page requests before its load event (the
 *     framework's chunks, its own, and what it imports while hydrating), each gzipped at level 6
 *     as the server would send it, summed; and, apart, the scripts it fetches after that until
 *     the network is idle (code deliberately deferred, such as the realtime client on idle);
 *   - the page's HTML, gzipped: the server-rendered markup and the RSC payload inlined in it (the
 *     data prefetched for the first paint, the messages its client components read);
 *   - the largest contentful paint (LCP) from PerformanceObserver, the median of RUNS visits,
 *     each in a fresh browser context (cold cache) after one warm-up visit of the route.
 *
 * Steps: the production build in .next-bench-pages (only when sources changed), a fresh
 * embedded database in .data-bench-pages with the demo district (bench/app-server.ts), the
 * app on BENCH_PORT (3400); signed-in pages get a session minted by the ops command
 * (`admin session --email …`) as the next-auth cookie. Prints tables; never asserts.
 * Everything it starts is stopped, and its data removed, at the end or on Ctrl-C.
 *
 * The floor: bench/floor-page, a bare Next.js app of the same version with one client component
 * (bench/pages-floor.ts), served by `next start` on BENCH_PORT + 10 and measured first in the
 * same run, so each page's figures read as multiples of what any Next.js page costs here.
 *
 * Then Lighthouse 13's runs of each page (bench/pages-phone.ts): with its default mobile preset
 * (simulated slow 4G, 4× CPU), with the CPU slowdown calibrated to the machine's benchmarkIndex
 * as measured, and with its desktop preset: the score, LCP, total blocking time and script
 * evaluation (with their ratios to the floor's), what redirects cost, the JavaScript downloaded
 * but never run, each the median of BENCH_LIGHTHOUSE_RUNS runs; and the slowest run's main-thread
 * breakdown.
 *
 * Knobs: BENCH_PORT (3400), BENCH_RUNS (3), BENCH_ROUTES (comma-separated paths as printed,
 * e.g. "/sign-in,/people", or one role's: "/@candidate"), BENCH_LIST_SCRIPTS=1 (each route's scripts with their sizes),
 * BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_REPORTS=<dir>
 * (keep each run's whole Lighthouse report there, as JSON), BENCH_SKIP_TYPECHECK=1 (see
 * production-build.ts), BENCH_PEOPLE=<n> (n more candidates in the demo district, imported through
 * POST /api/people/import, at most 10,000: what a page costs in a big district), BENCH_TIME_LIMIT_S (3600).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startApp, startBench, tsxServer, waitForHttp } from "./harness";
import { startFloor } from "./pages-floor";
import { phoneTables, type PhoneTarget } from "./pages-phone";
import { demoIds, EMAIL, ROUTES, routeLabel, type Role } from "./pages-routes";
import { median, visit, type Visit } from "./pages-visit";
import { buildIfStale } from "./production-build";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

// Two presets of three Lighthouse runs of sixteen pages, each in a browser of its own, take about
// half an hour on a 2-core machine.
const bench = startBench({ timeLimitS: 3600 });
const { log } = bench;

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ORIGIN = `http://localhost:${PORT}`;
const FLOOR_PORT = PORT + 10;
const FLOOR_ORIGIN = `http://localhost:${FLOOR_PORT}`;
const DIST_DIR = ".next-bench-pages";
const DATA_DIR = ".data-bench-pages";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ROUTES?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const LIST_SCRIPTS = process.env.BENCH_LIST_SCRIPTS === "1";
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : undefined;
const EXTRA_PEOPLE = Number(process.env.BENCH_PEOPLE ?? 0);

const appLog = path.join(os.tmpdir(), `cas-bench-pages-${process.pid}.log`);
bench.onCleanup(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

/** A session token from the ops command, which reaches the embedded database through the app. */
function sessionToken(email: string): string {
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const result = spawnSync(process.execPath, [...tsxServer, "scripts/admin.ts", "session", "--email", email], { env: { ...env, DATA_DIR }, encoding: "utf8" });
  const last = result.stdout.trim().split("\n").pop() ?? "";
  const parsed = JSON.parse(last) as { token?: string; error?: string };
  if (!parsed.token) throw new Error(`no session for ${email}: ${parsed.error ?? result.stderr}`);
  return parsed.token;
}

/** `count` more candidates in the demo district, through the API's synchronous CSV import. */
async function importCandidates(count: number, adminToken: string) {
  const rows = Array.from({ length: count }, (_, i) => `Bench${i},Candidate${i},bench-candidate-${i}@example.test,en,Candidate`);
  const res = await fetch(`${ORIGIN}/api/people/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "text/csv" },
    body: ["first,last,email,language,primary_role", ...rows].join("\r\n"),
  });
  if (!res.ok) throw new Error(`importing ${count} people: ${res.status} ${await res.text()}`);
  log(`imported ${count.toLocaleString("en")} more candidates into the demo district`);
}

async function main() {
  log(`${os.cpus().length} CPUs, node ${process.version}; ${RUNS} measured visits per route`);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  await buildIfStale(DIST_DIR, log);
  log(`starting the app on port ${PORT} (log: ${appLog})`);
  const app = startApp(bench, { port: PORT, dataDir: DATA_DIR, distDir: DIST_DIR, logFile: appLog });
  log(`starting the floor page on port ${FLOOR_PORT}`);
  await startFloor(bench, FLOOR_PORT, appLog);
  await waitForHttp(`${ORIGIN}/sign-in`, app, 240_000);
  const tokens = Object.fromEntries((Object.keys(EMAIL) as Role[]).map((role) => [role, sessionToken(EMAIL[role])])) as Record<Role, string>;
  if (EXTRA_PEOPLE > 0) await importCandidates(EXTRA_PEOPLE, tokens.admin);
  const ids = await demoIds(async (p) => (await fetch(`${ORIGIN}${p}`, { headers: { authorization: `Bearer ${tokens.admin}` } })).json());

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  const selected = ROUTES.map((route) => {
    const pathname = route.path(ids);
    return { ...route, origin: ORIGIN, pathname, label: routeLabel(pathname, ids) };
  }).filter((r) => !ONLY || ONLY.includes(r.label) || ONLY.includes(`${r.label}@${r.as}`));
  const floor = { origin: FLOOR_ORIGIN, pathname: "/", label: "floor page", as: null };
  let floorBytes: number | undefined;
  for (const { origin, pathname, label, as } of [floor, ...selected]) {
    const token = as ? tokens[as] : undefined;
    await visit(browser, origin, pathname, token); // warm-up: the server's first render of the route
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, origin, pathname, token));
    const last = visits[visits.length - 1];
    floorBytes ??= last.firstLoad;
    const landed = last.finalPath === pathname ? "" : routeLabel(last.finalPath, ids);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const lcp = median(visits.map((v) => v.lcpMs)).toFixed(0);
    const times = `${(last.firstLoad / floorBytes).toFixed(1)}×`;
    const api = `${kb(last.api.gzip)} (${last.api.requests})`;
    rows.push([label, as ?? "–", landed, String(last.scripts.length), kb(last.firstLoad), times, kb(last.deferred), kb(last.htmlGzip), api, lcp]);
    log(
      `${label} (${as ?? "anonymous"}): ${kb(last.firstLoad)} KB first load (${times} the floor's) + ${kb(last.deferred)} KB later, HTML ${kb(last.htmlGzip)} KB, API ${kb(last.api.gzip)} KB in ${last.api.requests} answers, LCP ${lcp} ms`,
    );
    if (LIST_SCRIPTS)
      for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip)) log(`    ${kb(s.gzip).padStart(6)} KB${s.deferred ? " later" : "      "}  ${s.url}`);
  }
  await browser.close();

  const head = ["route", "as", "landed on", "scripts", "first-load JS KB gzip", "× floor", "later KB", "HTML KB gzip", "API KB gzip (answers)", "LCP ms"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ")} |`;
  console.log(`\n${line(head)}\n|${widths.map((w, i) => (i >= 3 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const row of rows) console.log(line(row));
  if (!LIGHTHOUSE) return;
  const targets: PhoneTarget[] = [floor, ...selected].map((r) => ({
    url: `${r.origin}${r.pathname}`,
    label: r.label,
    as: r.as,
    cookie: r.as ? `next-auth.session-token=${tokens[r.as]}` : undefined,
  }));
  await phoneTables(targets, { runs: LIGHTHOUSE_RUNS, chromium: CHROMIUM_PATH, chromiumArgs: CHROMIUM_ARGS, reportsDir: LIGHTHOUSE_REPORTS, log });
}

bench.run(main, appLog);
