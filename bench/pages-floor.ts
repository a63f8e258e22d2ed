/**
 * The floor for `npm run bench:pages`: bench/floor-page, a bare Next.js app of the app's Next.js
 * version and build settings with one client component, built with `next build` into its own
 * dist dir (only when its sources or the lockfile changed) and served by `next start`. What any
 * Next.js page costs before the app adds anything: each page's figures are printed beside it.
 *
 * It builds with webpack, not Turbopack as the app does: Turbopack takes the repository (the
 * lockfile's folder) as the project for proxy.ts and instrumentation.ts and compiles the app's
 * into the floor, and with the floor's folder as its root it cannot reach node_modules.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT, waitForHttp, type Bench } from "./harness";

const FLOOR_DIR = path.join(ROOT, "bench/floor-page");
const DIST_DIR = ".next-bench-floor";
const nextBin = path.join(ROOT, "node_modules/next/dist/bin/next");

function newestChange(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    // Build output and next-env.d.ts are written by the build itself.
    if (entry.name.startsWith(".") || entry.name === "next-env.d.ts") continue;
    newest = Math.max(newest, newestChange(path.join(p, entry.name)));
  }
  return newest;
}

function floorEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return { ...env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
}

async function buildIfStale(log: (line: string) => void) {
  const buildId = path.join(FLOOR_DIR, DIST_DIR, "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changed = Math.max(newestChange(FLOOR_DIR), fs.statSync(path.join(ROOT, "package-lock.json")).mtimeMs);
  if (built && built >= changed) return log(`floor page's build in ${path.join(FLOOR_DIR, DIST_DIR)} is up to date`);
  log("building the floor page…");
  const code = await new Promise<number>((resolve) => {
    const proc = spawn(process.execPath, [nextBin, "build", "--webpack"], { cwd: FLOOR_DIR, env: floorEnv(), stdio: "inherit" });
    proc.on("exit", (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`next build of the floor page failed (exit ${code})`);
}

/** Builds the floor page when stale and serves it on `port`; the bench stops it at cleanup. */
export async function startFloor(bench: Bench, port: number, logFile: string): Promise<ChildProcess> {
  await buildIfStale(bench.log);
  const env: NodeJS.ProcessEnv = { ...floorEnv(), NODE_ENV: "production" };
  const proc = bench.spawnNode("floor page", [nextBin, "start", "--port", String(port), "--hostname", "localhost"], env, logFile, FLOOR_DIR);
  await waitForHttp(`http://localhost:${port}/`, proc, 60_000, "the floor page");
  return proc;
}
