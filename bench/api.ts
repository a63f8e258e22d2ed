/**
 * `npm run bench:api`: throughput and latency of the API's hot paths on the PRODUCTION build.
 *
 *   1. a fresh database: embedded PGlite in .data-bench (removed first), or, when
 *      DATABASE_URL is set, a fresh database `cas_bench` on that (local) server
 *   2. the production build in .next-bench (built only when missing or stale), started the
 *      way `npm start` does (bench/app-server.ts: scripts/start.ts's steps minus its build
 *      check, PORT=3200): that process owns the embedded DB, next-server is its child
 *   3. seeding through the running owner: a district with 10,000 people, a form with
 *      private fields, 10,000 interviews (about half published), a mentor with 200
 *      candidates, sessions for the admin and the mentor
 *   4. autocannon, 32 connections, 2 s warm-up + 10 s measured per case, to 127.0.0.1 only;
 *      the single-person read is also measured on bench/floor-server.ts (node:http + pg);
 *      the list and the single read also at 1 connection (latency without queueing), the
 *      list revalidated with If-None-Match (304), and the list read right after a change
 *      (its cached copy rebuilt), 30 times in a row
 *   5. a table of req/s, p50, p99, non-2xx; peak RSS of the app's processes and of this one
 *
 * A benchmark prints figures; it never asserts. Everything it starts is stopped, and its
 * data removed, at the end, on Ctrl-C and after BENCH_TIME_LIMIT_S (default 900 s).
 *
 * Knobs: BENCH_DURATION_S (10), BENCH_WARMUP_S (2), BENCH_CONNECTIONS (32), BENCH_PORT (3200),
 * BENCH_CASES (comma-separated case keys, default all), BENCH_ROUNDS (1: how many times the selected
 * cases run in turn; the ratios are the median of the rounds), BENCH_CPU_PROF=<dir> (run the app's
 * processes under --cpu-prof, profiles written into <dir> when they exit), BENCH_SKIP_TYPECHECK=1
 * (build without Next's type check).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshPgDatabase, startApp, startBench, tsxServer, useAppDatabase, waitForHttp } from "./harness";
import { CONNECTIONS, DATA_DIR, DIST_DIR, DURATION_S, FLOOR_PORT, ONLY, PORT, ROUNDS, WARMUP_S } from "./api/config";
import { checkStripping, cpuPids, measure, measureColdList, type CaseDef, type RoundOutcome } from "./api/measure";
import { describedTree, mbOfKb, pad, report } from "./api/report";
import { seed } from "./api/seed";
import { buildIfStale } from "./production-build";

const bench = startBench({ timeLimitS: 900 });
const { log } = bench;
// Resolved after startBench moved into the repository, as before.
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

const appLog = path.join(os.tmpdir(), `cas-bench-app-${process.pid}.log`);
const floorLog = appLog.replace(".log", "-floor.log");
bench.onCleanup(() => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(floorLog, { force: true });
});
let onPostgres = false;

async function main() {
  log(`${os.cpus().length} CPUs, node ${process.version}; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per case`);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const pgUrl = await freshPgDatabase(bench, "cas_bench");
  onPostgres = Boolean(pgUrl);
  if (!pgUrl) log(`embedded PGlite in ${DATA_DIR}`);
  await buildIfStale(DIST_DIR, log);

  const profArgs = CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  log(`starting the app: tsx bench/app-server.ts (scripts/start.ts's steps) on port ${PORT} (log: ${appLog})`);
  const app = startApp(bench, {
    port: PORT,
    dataDir: DATA_DIR,
    distDir: DIST_DIR,
    logFile: appLog,
    databaseUrl: pgUrl,
    nodeArgs: profArgs,
    // Node refuses --cpu-prof in NODE_OPTIONS: it goes on the command lines instead.
    env: CPU_PROF_DIR ? { BENCH_NEXT_NODE_ARGS: profArgs.join(" ") } : {},
  });
  await waitForHttp(`http://127.0.0.1:${PORT}/api/me`, app, 360_000);
  log("the app answers");

  // The bench process reaches the same database the app uses.
  useAppDatabase(DATA_DIR, pgUrl);
  const s = await seed(log);

  const floor = bench.spawnNode(
    "floor",
    [...tsxServer, "bench/floor-server.ts"],
    { ...process.env, DATABASE_URL: s.databaseUrl, FLOOR_PORT: String(FLOOR_PORT) },
    floorLog,
  );
  await waitForHttp(`http://127.0.0.1:${FLOOR_PORT}/`, floor, 60_000, "the floor server");
  const appTree = describedTree(app.pid!);
  const dbPid = pgUrl ? undefined : appTree.find((p) => p.cmd.startsWith("bench/app-server.ts"))?.pid;
  cpuPids.set(PORT, { server: appTree.find((p) => p.cmd.startsWith("next-server"))?.pid, db: dbPid });
  cpuPids.set(FLOOR_PORT, { server: describedTree(floor.pid!).find((p) => p.cmd === "bench/floor-server.ts")?.pid, db: dbPid });

  const ids = s.personIds;
  const runId = randomBytes(3).toString("hex");
  const listEtag = (await fetch(`http://127.0.0.1:${PORT}/api/people`, { headers: { authorization: `Bearer ${s.adminToken}` } })).headers.get("etag") ?? "";
  const mi = s.mentorInterviews;
  const cases: CaseDef[] = [
    { key: "list", label: `GET /api/people (${ids.length} people, admin)`, port: PORT, idlePath: "/api/me", token: s.adminToken, path: () => "/api/people" },
    { key: "list-c1", label: "GET /api/people, 1 connection", port: PORT, idlePath: "/api/me", token: s.adminToken, connections: 1, path: () => "/api/people" },
    {
      key: "list-304",
      label: "GET /api/people, If-None-Match (revalidation)",
      port: PORT,
      idlePath: "/api/me",
      token: s.adminToken,
      headers: { "if-none-match": listEtag },
      path: () => "/api/people",
    },
    {
      key: "health",
      label: "GET /api/health/live (Next.js alone: no auth, no DB)",
      port: PORT,
      idlePath: "/api/health/live",
      token: s.adminToken,
      path: () => "/api/health/live",
    },
    {
      key: "person",
      label: "GET /api/people/:id (rotating ids, admin)",
      port: PORT,
      idlePath: "/api/me",
      token: s.adminToken,
      path: (n) => `/api/people/${ids[n % ids.length]}`,
    },
    {
      key: "person-c1",
      label: "GET /api/people/:id, 1 connection",
      port: PORT,
      idlePath: "/api/me",
      token: s.adminToken,
      connections: 1,
      path: (n) => `/api/people/${ids[n % ids.length]}`,
    },
    {
      key: "floor",
      label: "  floor: node:http + pg, same read",
      port: FLOOR_PORT,
      idlePath: `/people/${ids[0]}`,
      token: s.adminToken,
      path: (n) => `/people/${ids[n % ids.length]}`,
    },
    {
      key: "create",
      label: "POST /api/people (unique e-mails, admin)",
      port: PORT,
      idlePath: "/api/me",
      token: s.adminToken,
      method: "POST",
      path: () => "/api/people",
      body: (n) => JSON.stringify({ first: "Bench", last: `Created ${n}`, email: `new-${runId}-${n}@bench.test` }),
    },
    { key: "interviews-admin", label: "GET /api/interviews (admin, all)", port: PORT, idlePath: "/api/me", token: s.adminToken, path: () => "/api/interviews" },
    { key: "interviews-mentor", label: "GET /api/interviews (mentor)", port: PORT, idlePath: "/api/me", token: s.mentorToken, path: () => "/api/interviews" },
    {
      key: "people-mentor",
      label: "GET /api/people (mentor: themself and their candidates)",
      port: PORT,
      idlePath: "/api/me",
      token: s.mentorToken,
      path: () => "/api/people",
    },
    {
      key: "interview-mentor",
      label: "GET /api/interviews/:personId/:id (mentor)",
      port: PORT,
      idlePath: "/api/me",
      token: s.mentorToken,
      path: (n) => `/api/interviews/${mi[n % mi.length].personId}/${mi[n % mi.length].id}`,
    },
  ];
  const selected = cases.filter((c) => !ONLY || ONLY.includes(c.key) || (c.key === "floor" && ONLY.includes("person")));
  const outcomes: RoundOutcome[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) log(`round ${round} of ${ROUNDS}`);
    for (const def of selected) outcomes.push({ ...(await measure(def, log)), round });
  }
  if (!ONLY || ONLY.includes("list-cold")) outcomes.push(await measureColdList(s, log));
  if (!ONLY || ONLY.some((k) => k.startsWith("interview"))) await checkStripping(s, log);

  const tree = describedTree(app.pid!);
  report(outcomes, onPostgres);
  console.log(`\npeak RSS (VmHWM) of the app's processes (${pgUrl ? "PostgreSQL server not included" : "embedded PGlite lives in app-server.ts"}):`);
  for (const p of tree) console.log(`  pid ${String(p.pid).padEnd(7)} ${pad(mbOfKb(p.hwmKb), 8, true)} peak, ${pad(mbOfKb(p.rssKb), 8, true)} now  ${p.cmd}`);
  console.log(`  total of the tree: ${mbOfKb(tree.reduce((a, p) => a + p.hwmKb, 0))} (sum of peaks)`);
  const floorInfo = floor.pid ? describedTree(floor.pid) : [];
  console.log(`peak RSS of the floor server: ${floorInfo.map((p) => `${mbOfKb(p.hwmKb)} (${p.cmd.split(" ")[0].split("/").pop()})`).join(" + ")}`);
  console.log(`peak RSS of this bench process (autocannon + seeding): ${mbOfKb(process.resourceUsage().maxRSS)}`);
  console.log(
    `database: ${pgUrl ? "PostgreSQL (fresh database cas_bench)" : "embedded PGlite"}; build: ${DIST_DIR}; duration ${bench.elapsedS().toFixed(0)} s`,
  );
}

bench.run(async () => {
  await main();
  if (CPU_PROF_DIR) log(`CPU profiles in ${CPU_PROF_DIR}`);
}, appLog);
