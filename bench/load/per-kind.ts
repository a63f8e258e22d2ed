/**
 * `npm run bench:load -- --per-kind`: what each kind of operation costs on its own. For every
 * kind of the mix, N operations of that kind alone, a few in flight at a time (closed loop),
 * and the CPU time each of the copy's processes spent on them, per operation. Where the mixed
 * load's CPU goes, before a profile says why.
 */
import { summarize } from "../harness";
import { measuredProcesses, type Copy } from "./copy";
import { KIND_NAMES, opOfKind, rng } from "./mix";
import { cpuOf, send } from "./open-loop";
import type { SeededDistrict } from "./seed";

export async function perKindCosts(copy: Copy, districts: SeededDistrict[], kinds = KIND_NAMES, count = 200, inFlight = 4) {
  const processes = measuredProcesses(copy);
  const rows: string[] = [];
  for (const kind of kinds) {
    const r = rng(7);
    for (const district of districts) {
      const ops = Array.from({ length: count }, (_, i) => opOfKind(kind, district, r, 9_000_000 + i));
      const before = processes.map((p) => cpuOf(p.pid));
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < ops.length) {
            const o = ops[next++];
            const t = performance.now();
            const answer = await send(copy.origins[next % copy.origins.length], o.request, false);
            latencies.push(performance.now() - t);
            if (answer.status < 200 || answer.status >= 300) errors++;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const cpu = processes.map((p, i) => (cpuOf(p.pid) - before[i]) / count);
      const s = summarize(latencies);
      rows.push(
        `  ${kind.padEnd(24)}${district.name.padEnd(6)}${(count / seconds).toFixed(0).padStart(6)}/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  ` +
          `CPU ms/op ${processes.map((p, i) => `${p.name.replace(/^app 1: /, "")} ${cpu[i].toFixed(2)}`).join(", ")}${errors ? `  errors ${errors}` : ""}`,
      );
    }
  }
  console.log(`\nper kind, ${count} operations each, ${inFlight} in flight (CPU in 10 ms ticks: ±${(10 / count).toFixed(2)} ms/op):\n${rows.join("\n")}`);
}
