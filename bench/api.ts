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
 * BENCH_CASES (comma-separated case keys, default all), BENCH_CPU_PROF=<dir> (run the app's
 * processes under --cpu-prof, profiles written into <dir> when they exit), BENCH_SKIP_TYPECHECK=1
 * (build without Next's type check).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freshPgDatabase, processTree, ROOT, sleep, startApp, startBench, tsxServer, useAppDatabase, waitForHttp } from "./harness";
import { buildIfStale } from "./production-build";

const bench = startBench({ timeLimitS: 900 });
const { log } = bench;

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const FLOOR_PORT = PORT + 1;
const DATA_DIR = ".data-bench";
const DIST_DIR = ".next-bench";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const ONLY = process.env.BENCH_CASES?.split(",").map((s) => s.trim()).filter(Boolean);
const PEOPLE = 10_000;
const INTERVIEWS = 10_000;
const MENTEES = 200;

const ADMIN_EMAIL = "admin@bench.test";
const MENTOR_EMAIL = "mentor@bench.test";

const appLog = path.join(os.tmpdir(), `cas-bench-app-${process.pid}.log`);
const floorLog = appLog.replace(".log", "-floor.log");
bench.onCleanup(() => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(floorLog, { force: true });
});
let onPostgres = false;

// ---------------------------------------------------------------------------------------
// seed

const FORM_FIELDS = [
  { id: "decision", type: "dropdown", label: { en: "Recommendation" }, options: [{ en: "Approve" }, { en: "Defer" }, { en: "Decline" }] },
  { id: "summary", type: "text", label: { en: "Summary of the interview" } },
  { id: "strengths", type: "text", label: { en: "Strengths" } },
  { id: "documents", type: "checkbox", label: { en: "Documents complete" } },
  { id: "board_notes", type: "text", label: { en: "Board-only notes" }, p: 1 },
  { id: "score", type: "dropdown", label: { en: "Internal score" }, options: [{ en: "1" }, { en: "2" }, { en: "3" }, { en: "4" }, { en: "5" }], p: 1 },
];
const PRIVATE_FIELDS = FORM_FIELDS.filter((f) => f.p === 1).map((f) => f.id);

const FIRST = ["Ana", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Gus", "Hana", "Ivo", "Jia", "Kofi", "Lena", "Mateo", "Nia", "Omar", "Priya"];
const LAST = ["Adams", "Brown", "Castillo", "Dubois", "Eriksen", "Fischer", "García", "Haddad", "Ito", "Jansen", "Kowalski", "López", "Müller", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Silva", "Tanaka"];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same shapes. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const newId = () => `c${randomBytes(12).toString("hex")}`;
const lorem = (n: number, r: () => number) =>
  Array.from({ length: n }, () => ["strong", "candidate", "documents", "record", "interview", "motivated", "board", "follow-up", "clear", "answers"][Math.floor(r() * 10)]).join(" ");

type Seeded = {
  databaseUrl: string;
  districtId: string;
  adminToken: string;
  mentorToken: string;
  personIds: string[];
  mentorInterviews: { personId: string; id: string }[];
};

async function seed(): Promise<Seeded> {
  // Connects to the running app's embedded database (its owner), or to DATABASE_URL.
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { url } = await prepareDatabase();
  const started = Date.now();
  const r = rng(42);

  const { district, roles } = await createDistrict({ name: "Bench District", adminEmail: ADMIN_EMAIL, adminFirst: "Bench", adminLast: "Admin" });
  const districtId = district.id;
  const mentor = await db().person.create({
    data: { districtId, first: "Mona", last: "Mentor", email: MENTOR_EMAIL, emailKey: MENTOR_EMAIL, roles: { [roles.mentor]: 1 } },
  });

  const candidates = Array.from({ length: PEOPLE - 2 }, (_, i) => {
    const email = `candidate${i}@bench.test`;
    return {
      id: newId(),
      districtId,
      first: FIRST[Math.floor(r() * FIRST.length)],
      last: LAST[Math.floor(r() * LAST.length)],
      email,
      emailKey: email,
      language: r() < 0.3 ? "es" : "en",
      roles: { [roles.candidate]: 1 },
    };
  });
  for (let i = 0; i < candidates.length; i += 2_000) await db().person.createMany({ data: candidates.slice(i, i + 2_000) });

  // The mentor's candidates are spread over the whole (sorted) list.
  const step = Math.floor(candidates.length / MENTEES);
  const mentees = Array.from({ length: MENTEES }, (_, i) => candidates[i * step].id);
  await db().mentorAssignment.createMany({ data: mentees.map((candidateId) => ({ districtId, mentorId: mentor.id, candidateId })) });

  const form = await db().form.create({ data: { districtId, name: "Board interview", fields: FORM_FIELDS } });
  const interviews = Array.from({ length: INTERVIEWS }, (_, i) => {
    // The first 2 × MENTEES interviews belong to the mentor's candidates (two each).
    const personId = i < 2 * MENTEES ? mentees[i % MENTEES] : candidates[Math.floor(r() * candidates.length)].id;
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 600) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: newId(),
      districtId,
      personId,
      date: day,
      formId: form.id,
      published: i < 2 * MENTEES ? i < MENTEES || r() < 0.5 : r() < 0.5,
      responses: {
        decision: 1 + Math.floor(r() * 3),
        summary: { en: lorem(40, r) },
        strengths: { en: lorem(20, r) },
        documents: r() < 0.7 ? 1 : 0,
        board_notes: { en: lorem(30, r) },
        score: 1 + Math.floor(r() * 5),
      },
    };
  });
  for (let i = 0; i < interviews.length; i += 1_000) await db().interview.createMany({ data: interviews.slice(i, i + 1_000) });
  await db().$executeRawUnsafe("analyze");

  const admin = await createSessionFor(ADMIN_EMAIL, districtId);
  const mentorSession = await createSessionFor(MENTOR_EMAIL, districtId);
  if (!admin || !mentorSession) throw new Error("could not create the bench sessions");
  await disconnectDb();

  const published = interviews.filter((iv) => iv.published).length;
  const mentorInterviews = interviews.filter((iv) => iv.published && mentees.includes(iv.personId)).map(({ personId, id }) => ({ personId, id }));
  log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${PEOPLE} people, ${INTERVIEWS} interviews (${published} published), ` +
      `mentor with ${MENTEES} candidates (${mentorInterviews.length} of their interviews published), form with private fields ${PRIVATE_FIELDS.join(", ")}`,
  );
  return {
    databaseUrl: url,
    districtId,
    adminToken: admin.token,
    mentorToken: mentorSession.token,
    personIds: [...candidates.map((c) => c.id), mentor.id, admin.person.id],
    mentorInterviews,
  };
}

// ---------------------------------------------------------------------------------------
// load

type CaseDef = {
  key: string;
  label: string;
  port: number;
  token: string;
  /** A cheap request on the same server, to tell when it has caught up between runs. */
  idlePath: string;
  method?: "GET" | "POST";
  connections?: number;
  /** The path of request n. */
  path: (n: number) => string;
  body?: (n: number) => string;
  /** Extra request headers (e.g. If-None-Match). */
  headers?: Record<string, string>;
};

type Outcome =
  | {
      def: CaseDef;
      ok: true;
      rps: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
      timeouts: number;
      total: number;
      statuses: string;
      /** CPU time (user + system) per completed request of the HTTP server and of the embedded DB's process. */
      cpuServer?: number;
      cpuDb?: number;
    }
  | { def: CaseDef; ok: false; reason: string };

function headersFor(def: CaseDef) {
  const h: Record<string, string> = { authorization: `Bearer ${def.token}`, ...def.headers };
  if (def.body) h["content-type"] = "application/json";
  return h;
}

function cannon(def: CaseDef, seconds: number, counter: { n: number }) {
  const headers = headersFor(def);
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${def.port}`,
        connections: def.connections ?? CONNECTIONS,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            method: def.method ?? "GET",
            setupRequest: (req) => {
              const n = counter.n++;
              return { ...req, path: def.path(n), headers, ...(def.body ? { body: def.body(n) } : {}) };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** One plain request first: a route that is missing or broken is reported, not measured. */
async function probe(def: CaseDef, counter: { n: number }) {
  const n = counter.n++;
  try {
    const res = await fetch(`http://127.0.0.1:${def.port}${def.path(n)}`, {
      method: def.method ?? "GET",
      headers: headersFor(def),
      body: def.body?.(n),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (res.ok || res.status === 304) return null;
    let code = "";
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
    } catch {}
    return `unavailable: probe got HTTP ${res.status}${code ? ` ${code}` : ""}`;
  } catch (e) {
    return `unavailable: ${(e as Error).message}`;
  }
}

/**
 * autocannon stops by closing its connections, but the server still works off what they had
 * sent. Waits until a cheap request is answered promptly again (at most 60 s), so that no
 * run starts behind the previous one's backlog.
 */
async function settle(def: CaseDef) {
  const started = Date.now();
  let quick = 0;
  while (Date.now() - started < 60_000 && quick < 2) {
    const t = performance.now();
    try {
      await (await fetch(`http://127.0.0.1:${def.port}${def.idlePath}`, { headers: headersFor(def), signal: AbortSignal.timeout(30_000) })).arrayBuffer();
    } catch {}
    quick = performance.now() - t < 150 ? quick + 1 : 0;
    if (quick < 2) await sleep(200);
  }
  const waited = Date.now() - started;
  if (waited > 1_000) log(`  (waited ${(waited / 1000).toFixed(1)} s for the server to work off the previous run's backlog)`);
}

async function measure(def: CaseDef): Promise<Outcome> {
  const counter = { n: 0 };
  const problem = await probe(def, counter);
  if (problem) {
    log(`${def.label}: ${problem}`);
    return { def, ok: false, reason: problem };
  }
  if (WARMUP_S > 0) {
    await cannon(def, WARMUP_S, counter);
    await settle(def);
  }
  const pids = cpuPids.get(def.port);
  const before = pids && { server: cpuMs(pids.server), db: cpuMs(pids.db) };
  const r = await cannon(def, DURATION_S, counter);
  const after = pids && { server: cpuMs(pids.server), db: cpuMs(pids.db) };
  await settle(def);
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count ?? 0}`)
    .join(" ");
  const outcome = {
    def,
    ok: true as const,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    total: r.requests.total,
    statuses,
    cpuServer: before && after && r.requests.total ? (after.server - before.server) / r.requests.total : undefined,
    cpuDb: before && after && r.requests.total && pids.db ? (after.db - before.db) / r.requests.total : undefined,
  };
  log(`${def.label}: ${outcome.rps.toFixed(1)} req/s, p50 ${outcome.p50} ms, p99 ${outcome.p99} ms, ${statuses}${r.errors ? `, ${r.errors} errors` : ""}`);
  return outcome;
}

/**
 * The list right after a change (the cached copy is stale, so it is built again): one person
 * is changed through the API, then the full list is read and timed; sequentially, 30 times.
 */
async function measureColdList(s: Seeded): Promise<Outcome> {
  const def: CaseDef = { key: "list-cold", label: "GET /api/people after each change, 1 conn.", port: PORT, idlePath: "/api/me", token: s.adminToken, path: () => "/api/people" };
  const headers = { authorization: `Bearer ${s.adminToken}`, "content-type": "application/json" };
  const times: number[] = [];
  const pids = cpuPids.get(PORT);
  let cpu = 0;
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/people/${s.personIds[i]}`, { method: "PATCH", headers, body: JSON.stringify({ language: i % 2 ? "es" : "fr" }) });
    if (!res.ok) return { def, ok: false, reason: `unavailable: PATCH got HTTP ${res.status}` };
    await res.arrayBuffer();
    const before = pids ? cpuMs(pids.server) + cpuMs(pids.db) : 0;
    const t = performance.now();
    const list = await fetch(`http://127.0.0.1:${PORT}/api/people`, { headers });
    await list.arrayBuffer();
    times.push(performance.now() - t);
    if (pids) cpu += cpuMs(pids.server) + cpuMs(pids.db) - before;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  const outcome = {
    def,
    ok: true as const,
    rps: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    total: times.length,
    statuses: `200×${times.length}`,
    cpuServer: pids ? cpu / times.length : undefined,
  };
  log(`${def.label}: p50 ${outcome.p50} ms, max ${outcome.p99} ms over ${times.length} reads`);
  return outcome;
}

/** What the mentor and the admin get back for one interview: private fields gone or not. */
async function checkStripping(s: Seeded) {
  const iv = s.mentorInterviews[0];
  const keys = async (token: string) => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/interviews/${iv.personId}/${iv.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return `HTTP ${res.status}`;
    const body = (await res.json()) as { responses?: Record<string, unknown> };
    return Object.keys(body.responses ?? {}).sort().join(",");
  };
  try {
    const [mentor, admin] = [await keys(s.mentorToken), await keys(s.adminToken)];
    const leaked = PRIVATE_FIELDS.filter((f) => mentor.split(",").includes(f));
    log(`private-field check on one interview: mentor sees [${mentor}], admin sees [${admin}]${leaked.length ? ` — LEAK: ${leaked.join(", ")}` : ""}`);
  } catch (e) {
    log(`private-field check failed: ${(e as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------
// memory

/** The server process and the embedded-DB process behind each port (CPU accounting). */
const cpuPids = new Map<number, { server?: number; db?: number }>();
const CLK_TCK = 100;

/** utime + stime of a process so far, in ms; 0 when unknown. */
function cpuMs(pid: number | undefined) {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

function describe(p: { name: string; cmd: string }) {
  const args = p.cmd.replaceAll(ROOT + "/", "");
  if (p.name.startsWith("next-server") || args.includes("scripts/serve.ts")) return "next-server: the app";
  if (args.includes("bench/app-server.ts") && !args.includes("tsx/dist/cli.mjs")) return "bench/app-server.ts = start.ts (owns the embedded DB when DATABASE_URL is unset)";
  if (args.includes("tsx/dist/cli.mjs")) return "tsx launcher";
  if (args.includes("bench/floor-server.ts")) return "bench/floor-server.ts";
  return args.slice(0, 80);
}

function describedTree(root: number) {
  return processTree(root).map((p) => ({ ...p, cmd: describe(p) }));
}

const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

// ---------------------------------------------------------------------------------------
// report

function pad(s: string, n: number, right = false) {
  return right ? s.padStart(n) : s.padEnd(n);
}

function report(outcomes: Outcome[]) {
  const byKey = new Map(outcomes.map((o) => [o.def.key, o]));
  const single = byKey.get("person");
  const floor = byKey.get("floor");
  const ratio = single?.ok && floor?.ok ? single.rps / floor.rps : undefined;
  const target = (o: Outcome & { ok: true }) => {
    if (o.total === 0) return `no response completed within the ${DURATION_S} s window`;
    if (o.def.key === "list") return `p50 < 300 ms: ${o.p50 < 300 ? "met" : "MISSED"}`;
    if (o.def.key === "person") {
      const parts = [`p99 < 25 ms: ${o.p99 < 25 ? "met" : "MISSED"}`];
      if (ratio !== undefined) parts.push(`≥ 0.5× floor: ${ratio >= 0.5 ? "met" : "MISSED"} (${ratio.toFixed(2)}×)`);
      return parts.join("; ");
    }
    return "";
  };
  const cols = [44, 9, 9, 9, 8, 7, 14];
  const cpu = (o: Outcome & { ok: true }) =>
    o.cpuServer === undefined ? "" : `${o.cpuServer.toFixed(1)}${o.cpuDb === undefined ? "" : ` + ${o.cpuDb.toFixed(1)}`}`;
  const line = "-".repeat(cols.reduce((a, b) => a + b + 2, 0) + 40);
  console.log(`\n${line}`);
  console.log(
    [pad("case", cols[0]), pad("req/s", cols[1], true), pad("p50 ms", cols[2], true), pad("p99 ms", cols[3], true), pad("non-2xx", cols[4], true), pad("errors", cols[5], true), pad("CPU ms/req", cols[6], true), "  target"].join("  "),
  );
  console.log(line);
  for (const o of outcomes) {
    if (!o.ok) {
      console.log(`${pad(o.def.label, cols[0])}  ${o.reason}`);
      continue;
    }
    console.log(
      [
        pad(o.def.label, cols[0]),
        pad(o.rps.toFixed(1), cols[1], true),
        pad(String(o.p50), cols[2], true),
        pad(String(o.p99), cols[3], true),
        pad(String(o.non2xx), cols[4], true),
        pad(String(o.errors), cols[5], true),
        pad(cpu(o), cols[6], true),
        `  ${target(o)}`,
      ].join("  "),
    );
  }
  console.log(line);
  if (ratio !== undefined) console.log(`single-person read, app / floor throughput: ${ratio.toFixed(2)}× (target ≥ 0.5×)`);
  console.log(
    `CPU ms/req = CPU time (user+sys) of the serving process per completed request${onPostgres ? "" : " + that of the process running the embedded PGlite"}` +
      "; less sensitive than req/s to other load on the machine",
  );
}

// ---------------------------------------------------------------------------------------

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
  const s = await seed();

  const floor = bench.spawnNode("floor", [...tsxServer, "bench/floor-server.ts"], { ...process.env, DATABASE_URL: s.databaseUrl, FLOOR_PORT: String(FLOOR_PORT) }, floorLog);
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
    { key: "health", label: "GET /api/health/live (Next.js alone: no auth, no DB)", port: PORT, idlePath: "/api/health/live", token: s.adminToken, path: () => "/api/health/live" },
    { key: "person", label: "GET /api/people/:id (rotating ids, admin)", port: PORT, idlePath: "/api/me", token: s.adminToken, path: (n) => `/api/people/${ids[n % ids.length]}` },
    {
      key: "person-c1",
      label: "GET /api/people/:id, 1 connection",
      port: PORT,
      idlePath: "/api/me",
      token: s.adminToken,
      connections: 1,
      path: (n) => `/api/people/${ids[n % ids.length]}`,
    },
    { key: "floor", label: "  floor: node:http + pg, same read", port: FLOOR_PORT, idlePath: `/people/${ids[0]}`, token: s.adminToken, path: (n) => `/people/${ids[n % ids.length]}` },
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
      key: "interview-mentor",
      label: "GET /api/interviews/:personId/:id (mentor)",
      port: PORT,
      idlePath: "/api/me",
      token: s.mentorToken,
      path: (n) => `/api/interviews/${mi[n % mi.length].personId}/${mi[n % mi.length].id}`,
    },
  ];
  const selected = cases.filter((c) => !ONLY || ONLY.includes(c.key) || (c.key === "floor" && ONLY.includes("person")));
  const outcomes: Outcome[] = [];
  for (const def of selected) outcomes.push(await measure(def));
  if (!ONLY || ONLY.includes("list-cold")) outcomes.push(await measureColdList(s));
  if (!ONLY || ONLY.some((k) => k.startsWith("interview"))) await checkStripping(s);

  const tree = describedTree(app.pid!);
  report(outcomes);
  console.log(`\npeak RSS (VmHWM) of the app's processes (${pgUrl ? "PostgreSQL server not included" : "embedded PGlite lives in app-server.ts"}):`);
  for (const p of tree) console.log(`  pid ${String(p.pid).padEnd(7)} ${pad(mbOfKb(p.hwmKb), 8, true)} peak, ${pad(mbOfKb(p.rssKb), 8, true)} now  ${p.cmd}`);
  console.log(`  total of the tree: ${mbOfKb(tree.reduce((a, p) => a + p.hwmKb, 0))} (sum of peaks)`);
  const floorInfo = floor.pid ? describedTree(floor.pid) : [];
  console.log(`peak RSS of the floor server: ${floorInfo.map((p) => `${mbOfKb(p.hwmKb)} (${p.cmd.split(" ")[0].split("/").pop()})`).join(" + ")}`);
  console.log(`peak RSS of this bench process (autocannon + seeding): ${mbOfKb(process.resourceUsage().maxRSS)}`);
  console.log(`database: ${pgUrl ? "PostgreSQL (fresh database cas_bench)" : "embedded PGlite"}; build: ${DIST_DIR}; duration ${(bench.elapsedS()).toFixed(0)} s`);
}

bench.run(async () => {
  await main();
  if (CPU_PROF_DIR) log(`CPU profiles in ${CPU_PROF_DIR}`);
}, appLog);
