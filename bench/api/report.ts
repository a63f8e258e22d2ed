/** bench:api's table of figures and targets, and the described process tree behind its memory lines. */
import { isAppServer, processTree, ROOT } from "../harness";
import { DURATION_S } from "./config";
import type { Outcome, RoundOutcome } from "./measure";

function describe(p: { name: string; cmd: string }) {
  const args = p.cmd.replaceAll(ROOT + "/", "");
  if (isAppServer(p)) return "next-server: the app";
  if (args.includes("bench/app-server.ts") && !args.includes("tsx/dist/cli.mjs"))
    return "bench/app-server.ts = start.ts (owns the embedded DB when DATABASE_URL is unset)";
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

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function report(outcomes: RoundOutcome[], onPostgres: boolean) {
  const rounds = [...new Set(outcomes.map((o) => o.round ?? 1))];
  // The single read's throughput against the floor server's, and against Next.js's alone (what
  // authentication, the database and serialisation add to its own per-request work), in each
  // round: cases measured minutes apart see different machines, so a ratio pairs cases of one round.
  const ratios = [
    { key: "floor", label: "single-person read, app / floor", target: 0.5 },
    { key: "health", label: "single-person read / GET /api/health/live", target: 0.6 },
  ].flatMap((r) => {
    const each = rounds.flatMap((round) => {
      const single = outcomes.find((o) => o.def.key === "person" && (o.round ?? 1) === round);
      const other = outcomes.find((o) => o.def.key === r.key && (o.round ?? 1) === round);
      return single?.ok && other?.ok ? [single.rps / other.rps] : [];
    });
    return each.length ? [{ ...r, ratio: median(each), each }] : [];
  });
  const target = (o: Outcome & { ok: true }) => {
    if (o.total === 0) return `no response completed within the ${DURATION_S} s window`;
    if (o.def.key === "list") return `p50 < 300 ms: ${o.p50 < 300 ? "met" : "MISSED"}`;
    if (o.def.key === "person") {
      const parts = [`p99 < 25 ms: ${o.p99 < 25 ? "met" : "MISSED"}`];
      for (const r of ratios)
        parts.push(`≥ ${r.target}× ${r.key}: ${r.ratio >= r.target ? "met" : "MISSED"} (${r.ratio.toFixed(2)}×${r.each.length > 1 ? ", median" : ""})`);
      return parts.join("; ");
    }
    return "";
  };
  const cols = [44, 9, 9, 9, 8, 7, 14];
  const cpu = (o: Outcome & { ok: true }) =>
    o.cpuServer === undefined ? "" : `${o.cpuServer.toFixed(2)}${o.cpuDb === undefined ? "" : ` + ${o.cpuDb.toFixed(2)}`}`;
  const line = "-".repeat(cols.reduce((a, b) => a + b + 2, 0) + 40);
  console.log(`\n${line}`);
  console.log(
    [
      pad("case", cols[0]),
      pad("req/s", cols[1], true),
      pad("p50 ms", cols[2], true),
      pad("p99 ms", cols[3], true),
      pad("non-2xx", cols[4], true),
      pad("errors", cols[5], true),
      pad("CPU ms/req", cols[6], true),
      "  target",
    ].join("  "),
  );
  console.log(line);
  for (const o of outcomes) {
    if (!o.ok) {
      console.log(`${pad(o.def.label, cols[0])}  ${o.reason}`);
      continue;
    }
    console.log(
      [
        pad(rounds.length > 1 ? `${o.def.label} #${o.round ?? 1}` : o.def.label, cols[0]),
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
  for (const r of ratios) {
    const each = r.each.length > 1 ? `, the median of ${r.each.length} rounds: ${r.each.map((x) => `${x.toFixed(2)}×`).join(", ")}` : "";
    console.log(`${r.label} throughput: ${r.ratio.toFixed(2)}× (target ≥ ${r.target}×)${each}`);
  }
  console.log(
    `CPU ms/req = CPU time (user+sys) of the serving process per completed request${onPostgres ? "" : " + that of the process running the embedded PGlite"}` +
      "; less sensitive than req/s to other load on the machine",
  );
}
