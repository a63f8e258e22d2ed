/**
 * bench:api's measurements: one case through autocannon (a probe first, a warm-up, then the
 * measured run, with the CPU time of the server and of the embedded DB per request), the list
 * read right after each change, and the private-field check.
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { sleep } from "../harness";
import { CONNECTIONS, DURATION_S, PORT, WARMUP_S } from "./config";
import { PRIVATE_FIELDS, type Seeded } from "./seed";

export type CaseDef = {
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

export type Outcome =
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

/** An outcome of one round (BENCH_ROUNDS). */
export type RoundOutcome = Outcome & { round?: number };

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
async function settle(def: CaseDef, log: (line: string) => void) {
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

export async function measure(def: CaseDef, log: (line: string) => void): Promise<Outcome> {
  const counter = { n: 0 };
  const problem = await probe(def, counter);
  if (problem) {
    log(`${def.label}: ${problem}`);
    return { def, ok: false, reason: problem };
  }
  if (WARMUP_S > 0) {
    await cannon(def, WARMUP_S, counter);
    await settle(def, log);
  }
  const pids = cpuPids.get(def.port);
  const before = pids && { server: cpuMs(pids.server), db: cpuMs(pids.db) };
  const r = await cannon(def, DURATION_S, counter);
  const after = pids && { server: cpuMs(pids.server), db: cpuMs(pids.db) };
  await settle(def, log);
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
export async function measureColdList(s: Seeded, log: (line: string) => void): Promise<Outcome> {
  const def: CaseDef = {
    key: "list-cold",
    label: "GET /api/people after each change, 1 conn.",
    port: PORT,
    idlePath: "/api/me",
    token: s.adminToken,
    path: () => "/api/people",
  };
  const headers = { authorization: `Bearer ${s.adminToken}`, "content-type": "application/json" };
  const times: number[] = [];
  const pids = cpuPids.get(PORT);
  let cpu = 0;
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/people/${s.personIds[i]}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ language: i % 2 ? "es" : "fr" }),
    });
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
export async function checkStripping(s: Seeded, log: (line: string) => void) {
  const iv = s.mentorInterviews[0];
  const keys = async (token: string) => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/interviews/${iv.personId}/${iv.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return `HTTP ${res.status}`;
    const body = (await res.json()) as { responses?: Record<string, unknown> };
    return Object.keys(body.responses ?? {})
      .sort()
      .join(",");
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
// CPU accounting

/** The server process and the embedded-DB process behind each port (CPU accounting). */
export const cpuPids = new Map<number, { server?: number; db?: number }>();
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
