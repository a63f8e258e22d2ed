/**
 * Open-loop load for `npm run bench:load`: operation i is sent at start + i/rate whether or not
 * the earlier ones have answered, so a slow service shows as latency (measured from the time
 * each request was due, not from when it went out) instead of as a lower send rate. Requests
 * go to the copy's app processes in turn, as a load balancer would send them, with the headers
 * a browser sends (gzip accepted). CPU time and memory of the copy's processes are read from
 * /proc around and during the step.
 */
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { memoryOf } from "../harness";
import type { Copy } from "./copy";
import { measuredProcesses } from "./copy";
import { nextOp, rng, type LoadRequest, type Op } from "./mix";
import type { RealtimeClients } from "./realtime-clients";
import type { SeededDistrict } from "./seed";

type Sample = { kind: string; district: string; role: string; ms: number; status: number };

export type StepResult = {
  rate: number;
  sent: number;
  samples: Sample[];
  /** How late the sender itself fell behind the schedule at worst (ms): above a few ms the client is the bottleneck. */
  sendLagMs: number;
  /**
   * Reads right after a write: `held` saw it, `failures` did not (a read-your-writes violation);
   * `unchecked` could not tell (the read was refused, or another write of the same thing was in
   * flight at the same time: the server may apply two concurrent writes in either order).
   */
  verify: { checked: number; held: number; unchecked: number; failures: string[]; latencies: number[] };
  deliveries: { latencies: number[]; delivered: number; expected: number };
  /** CPU time (user + system, ms) of each measured process during the step. */
  cpuMs: Record<string, number>;
  /** CPU time (ms) of the load generator and of PostgreSQL during the step: not the app's, not counted per operation. */
  outsideCpuMs: Record<string, number>;
  /** Highest RSS (bytes) of each measured process during the step. */
  peakRss: Record<string, number>;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const TIMEOUT_MS = 30_000;

type Answer = { status: number; body?: Buffer };

/** One request; the body is kept (and decoded) only when `keep`. Status 0: no answer (timeout, reset). */
export function send(origin: string, req: LoadRequest, keep: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(req.path, origin);
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${req.token}`,
      "accept-encoding": "gzip, deflate, br",
      accept: "application/json",
    };
    if (req.body) {
      headers["content-type"] = req.contentType ?? "application/json";
      headers["content-length"] = req.body.length;
    }
    const r = http.request(url, { method: req.method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => keep && chunks.push(c));
      res.on("end", () => {
        let body: Buffer | undefined;
        if (keep) {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          body =
            encoding === "gzip"
              ? zlib.gunzipSync(raw)
              : encoding === "br"
                ? zlib.brotliDecompressSync(raw)
                : encoding === "deflate"
                  ? zlib.inflateSync(raw)
                  : raw;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on("error", () => resolve({ status: 0 }));
    });
    r.on("timeout", () => r.destroy(new Error("timeout")));
    r.on("error", () => resolve({ status: 0 }));
    r.end(req.body);
  });
}

const parse = (body: Buffer | undefined): unknown => {
  try {
    return body ? JSON.parse(body.toString("utf8")) : undefined;
  } catch {
    return undefined;
  }
};

const CLK_TCK = 100;
/** utime + stime of a process so far (ms). */
export function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU (ms) of what shares the machine with the app: this load generator (with its pusher-js clients) and PostgreSQL's processes. */
function outsideCpu(): Record<string, number> {
  const own = process.cpuUsage();
  let postgres = 0;
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres") postgres += cpuOf(Number(d));
    } catch {}
  }
  return { "load generator": (own.user + own.system) / 1000, PostgreSQL: postgres };
}

/** Runs one step: `rate` operations a second for `seconds`, then waits for every answer. */
export async function runStep(
  copy: Copy,
  districts: SeededDistrict[],
  realtime: RealtimeClients | undefined,
  rate: number,
  seconds: number,
  seed: number,
): Promise<StepResult> {
  const r = rng(seed);
  const total = Math.round(rate * seconds);
  const ops: Op[] = Array.from({ length: total }, (_, i) => nextOp(districts, r, seed * 1_000_000 + i));
  const processes = measuredProcesses(copy);
  const cpuBefore = Object.fromEntries(processes.map((p) => [p.name, cpuOf(p.pid)]));
  const outsideBefore = outsideCpu();
  const peakRss: Record<string, number> = {};
  const sampleRss = () => {
    for (const p of processes) {
      try {
        peakRss[p.name] = Math.max(peakRss[p.name] ?? 0, memoryOf(p.pid).rss);
      } catch {}
    }
  };
  const rssTimer = setInterval(sampleRss, 200);

  const samples: Sample[] = [];
  const verify: StepResult["verify"] = { checked: 0, held: 0, unchecked: 0, failures: [], latencies: [] };
  // Writes of each path in flight, and whether each write overlapped another of the same path:
  // two writes in flight together may be applied in either order, so a check proves nothing.
  const inFlight = new Map<string, Set<number>>();
  const overlapped = new Set<number>();
  let sendLagMs = 0;
  const pending: Promise<void>[] = [];

  const fire = (i: number, due: number) => {
    const o = ops[i];
    const origin = copy.origins[i % copy.origins.length];
    if (o.message) realtime?.expect(o.message.text, o.message.participants.length);
    const writes = o.verify && o.request.method === "PATCH" ? (inFlight.get(o.request.path) ?? new Set<number>()) : undefined;
    if (writes) {
      for (const other of writes) overlapped.add(other);
      if (writes.size) overlapped.add(i);
      writes.add(i);
      inFlight.set(o.request.path, writes);
    }
    pending.push(
      (async () => {
        const answer = await send(origin, o.request, Boolean(o.verify));
        // Kept in flight until its check's read is answered, so a write sent meanwhile counts as overlapping.
        const done = () => writes?.delete(i);
        samples.push({ kind: o.kind, district: o.district.name, role: o.role, ms: performance.now() - due, status: answer.status });
        if (o.message && answer.status !== 201) realtime?.forget(o.message.text);
        if (!o.verify || answer.status < 200 || answer.status >= 300) return void done();
        // Read-your-writes: the other process when there are two.
        const check = o.verify(parse(answer.body));
        const readOrigin = copy.origins[(i + 1) % copy.origins.length];
        const t = performance.now();
        const read = await send(readOrigin, { method: "GET", path: check.path, token: check.token }, true);
        verify.latencies.push(performance.now() - t);
        done();
        if (read.status !== 200 || overlapped.has(i)) {
          verify.unchecked++;
          return;
        }
        verify.checked++;
        if (check.holds(parse(read.body))) verify.held++;
        else
          verify.failures.push(`${o.kind} (${o.district.name}): ${o.request.method} ${o.request.path} then GET ${check.path} on ${readOrigin} did not show it`);
      })(),
    );
  };

  const interval = 1000 / rate;
  const start = performance.now() + 20;
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * interval <= now) {
        sendLagMs = Math.max(sendLagMs, now - (start + i * interval));
        fire(i, start + i * interval);
        i++;
      }
      if (i < total) setTimeout(tick, Math.max(0, Math.min(5, start + i * interval - performance.now())));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  // Late deliveries still count for this step.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  clearInterval(rssTimer);
  sampleRss();
  const cpuMs = Object.fromEntries(processes.map((p) => [p.name, cpuOf(p.pid) - cpuBefore[p.name]]));
  const outside = outsideCpu();
  const outsideCpuMs = Object.fromEntries(Object.entries(outside).map(([name, ms]) => [name, ms - outsideBefore[name]]));
  return {
    rate,
    sent: total,
    samples,
    sendLagMs,
    verify,
    deliveries: realtime?.take() ?? { latencies: [], delivered: 0, expected: 0 },
    cpuMs,
    outsideCpuMs,
    peakRss,
  };
}
