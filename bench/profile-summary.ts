/**
 * Where the CPU time goes in a V8 .cpuprofile (from `BENCH_CPU_PROF=<dir> npm run bench:api`):
 * self time by package / source area and the hottest functions, plus inclusive time of
 * selected frames.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function area(url: string, fn: string) {
  if (!url) return fn.startsWith("(") ? fn : "(native/v8)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) {
    const pkg = nm[1];
    if (pkg === "next") {
      const sub = /next\/dist\/(compiled\/[^/]+|server\/[^/]+|[^/]+)/.exec(url);
      return `next/${sub?.[1] ?? "?"}`;
    }
    return pkg;
  }
  if (url.startsWith("node:")) return url;
  if (url.includes("/.next")) {
    const chunk = /\[root-of-the-server\]__[^/]*|chunks\/ssr\/[^/]*|server\/chunks\/[^/]*/.exec(url);
    return `app bundle ${chunk ? "" : url.split("/").slice(-2).join("/")}`.trim();
  }
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

const areas = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const a = area(n.callFrame.url, n.callFrame.functionName);
  areas.set(a, (areas.get(a) ?? 0) + t);
  const key = `${n.callFrame.functionName || "(anonymous)"}  ${n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(\.next[^/]*)/, "$1")}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}

const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
const ms = (t: number) => `${(t / 1000).toFixed(0).padStart(7)} ms`;
console.log(`${file}: ${(total / 1e6).toFixed(2)} s of samples`);
console.log("\nself time by area:");
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${a}`);
console.log("\nhottest functions (self):");
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${f}`);

// Inclusive time of frames whose function name matches BENCH_FRAMES (comma-separated regexps).
const frames = (process.env.BENCH_FRAMES ?? "")
  .split(",")
  .filter(Boolean)
  .map((s) => new RegExp(s));
if (frames.length) {
  console.log("\ninclusive time of matching frames (each sample counted once per pattern):");
  for (const re of frames) {
    let t = 0;
    for (const [id, dt] of self) {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const n = byId.get(cur)!;
        if (re.test(`${n.callFrame.functionName} ${n.callFrame.url}`)) {
          t += dt;
          break;
        }
      }
    }
    console.log(`${pct(t)} ${ms(t)}  /${re.source}/`);
  }
}
