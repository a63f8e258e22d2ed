/** bench:api's table of figures and targets, and the described process tree behind its memory lines. */
import { isAppServer, processTree, ROOT } from "../harness";
import { DURATION_S } from "./config";
import type { Outcome } from "./measure";

function describe(p: { name: string; cmd: string }) {
  const args = p.cmd.replaceAll(ROOT + "/", "");
  if (isAppServer(p)) return "next-server: the app";
  if (args.includes("bench/app-server.ts") && !args.includes("tsx/dist/cli.mjs")) return "bench/app-server.ts = start.ts (owns the embedded DB when DATABASE_URL is unset)";
  if (args.includes("tsx/dist/cli.mjs")) return "tsx launcher";
  if (args.includes("bench/floor-server.ts")) return "bench/floor-server.ts";
  return args.slice(0, 80);
}

export function describedTree(root: number) {
  return processTree(root).map((p) => ({ ...p, cmd: describe(p) }));
}

export const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

export function pad(s: string, n: number, right = false) {
  return right ? s.padStart(n) : s.padEnd(n);
}

export function report(outcomes: Outcome[], onPostgres: boolean) {
  const byKey = new Map(outcomes.map((o) => [o.def.key, o]));
  const single = byKey.get("person");
  const floor = byKey.get("floor");
  const ratio = single?.ok && floor?.ok ? single.rps / floor.rps : undefined;
  const health = byKey.get("health");
  // What authentication, the database and serialisation add to Next.js's own per-request work.
  const overHealth = single?.ok && health?.ok ? single.rps / health.rps : undefined;
  const target = (o: Outcome & { ok: true }) => {
    if (o.total === 0) return `no response completed within the ${DURATION_S} s window`;
    if (o.def.key === "list") return `p50 < 300 ms: ${o.p50 < 300 ? "met" : "MISSED"}`;
    if (o.def.key === "person") {
      const parts = [`p99 < 25 ms: ${o.p99 < 25 ? "met" : "MISSED"}`];
      if (ratio !== undefined) parts.push(`≥ 0.5× floor: ${ratio >= 0.5 ? "met" : "MISSED"} (${ratio.toFixed(2)}×)`);
      if (overHealth !== undefined) parts.push(`≥ 0.6× health: ${overHealth >= 0.6 ? "met" : "MISSED"} (${overHealth.toFixed(2)}×)`);
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
  if (overHealth !== undefined) console.log(`single-person read / GET /api/health/live throughput: ${overHealth.toFixed(2)}× (target ≥ 0.6×)`);
  console.log(
    `CPU ms/req = CPU time (user+sys) of the serving process per completed request${onPostgres ? "" : " + that of the process running the embedded PGlite"}` +
      "; less sensitive than req/s to other load on the machine",
  );
}
