/**
 * One copy of the service for `npm run bench:load`, started from a checkout (this one, or the
 * --baseline directory) the way an operator scales it out: its production build, one realtime
 * server (`scripts/realtime.ts`, PUSHER_* set), and 1 or 2 app processes (`bench/app-server.ts`:
 * migrations, demo seed, scripts/serve.ts). On PGlite the first app process owns the embedded
 * database in the copy's DATA_DIR and the second connects to it; on PostgreSQL each copy gets a
 * fresh database. Every copy has its own ports, data and database.
 */
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshPgDatabase, isAppServer, processTree, ROOT, tsxServer, waitForHttp, type Bench } from "../harness";
import { buildIfStale } from "../production-build";

export type Copy = {
  label: string;
  root: string;
  origins: string[];
  dataDir: string;
  /** The URL this process reaches the copy's database at (the PGlite owner's port, or PostgreSQL). */
  databaseUrl: string;
  /** `signin`: sockets sign in (pusher:signin) before they subscribe, as every checkout since user sign-in does. */
  realtime: { port: number; key: string; signin: boolean };
  /** Root pids of the copy's processes, for CPU and memory. */
  roots: { name: string; pid: number }[];
};

const DIST_DIR = ".next-load";

/** The embedded database's URL as its owner wrote it into DATA_DIR (lib/db/embedded.ts's lock file). */
function embeddedUrl(dataDir: string): string {
  const { port } = JSON.parse(fs.readFileSync(path.join(dataDir, "pglite.server.json"), "utf8")) as { port: number };
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

export async function startCopy(
  bench: Bench,
  options: { label: string; root: string; basePort: number; processes: number; onPostgres: boolean; env?: Record<string, string>; nodeArgs?: string[] },
): Promise<Copy> {
  const { label, root, basePort, processes } = options;
  const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
  // The server-only marker resolves to an empty module for the copy's own processes, as in npm start
  // (a checkout older than the marker has no stub and needs none).
  const stubFile = path.join(root, "scripts/server-only-stub.mjs");
  const stub = fs.existsSync(stubFile) ? ["--import", stubFile] : [];
  if (!fs.existsSync(tsx)) throw new Error(`${root} has no node_modules: run npm install there (or link this checkout's node_modules)`);
  if (!fs.existsSync(path.join(root, "lib/db/generated"))) {
    bench.log(`${label}: prisma generate in ${root}`);
    const { spawnSync } = await import("node:child_process");
    spawnSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate"], { cwd: root, stdio: "inherit" });
  }
  await buildIfStale(DIST_DIR, (line) => bench.log(`${label}: ${line}`), root);

  const dataDir = path.join(root, `.data-load-${basePort}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  bench.onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const pgUrl = options.onPostgres ? await freshPgDatabase(bench, `cas_load_${basePort}_${process.pid}`) : undefined;

  const realtimePort = basePort + 9;
  const credentials = {
    PUSHER_APP_ID: String(randomInt(100_000, 1_000_000)),
    PUSHER_KEY: randomBytes(10).toString("hex"),
    PUSHER_SECRET: randomBytes(32).toString("hex"),
  };
  const { DATABASE_URL: _admin, EMBEDDED_DATABASE: _flag, ...base } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...base,
    ...credentials,
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String(realtimePort),
    PUSHER_USE_TLS: "false",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    // The bench's API keys must measure the service, not its rate limit.
    API_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...options.env,
  };
  const logOf = (name: string) => path.join(os.tmpdir(), `cas-load-${basePort}-${name}.log`);
  const roots: Copy["roots"] = [];

  // A checkout from before `npm run realtime` (its realtime server ran inside the app, and sockets
  // did not sign in) publishes to this checkout's server instead, without the sign-in rule: the
  // protocol is the same, and PUSHER_* points it there.
  const signin = fs.existsSync(path.join(root, "scripts/realtime.ts"));
  const realtime = signin
    ? bench.spawnNode(`${label} realtime`, [tsx, ...stub, "scripts/realtime.ts"], env, logOf("realtime"), root)
    : bench.spawnNode(`${label} realtime`, [...tsxServer, "bench/load/realtime-without-signin.ts"], env, logOf("realtime"), ROOT);
  roots.push({ name: "realtime", pid: realtime.pid! });
  await waitForHttp(`http://127.0.0.1:${realtimePort}/health`, realtime, 60_000, `${label} realtime`);

  const origins: string[] = [];
  for (let i = 0; i < processes; i++) {
    const port = basePort + i;
    const nodeArgs = options.nodeArgs ?? [];
    const app = bench.spawnNode(
      `${label} app ${i + 1}`,
      [tsx, ...stub, ...nodeArgs, "bench/app-server.ts"],
      { ...env, PORT: String(port), ...(nodeArgs.length ? { BENCH_NEXT_NODE_ARGS: nodeArgs.join(" ") } : {}) },
      logOf(`app-${i + 1}`),
      root,
    );
    roots.push({ name: `app ${i + 1}`, pid: app.pid! });
    // One at a time: on PGlite the first owns the database the second connects to.
    await waitForHttp(`http://127.0.0.1:${port}/api/health/live`, app, 360_000, `${label} app ${i + 1}`);
    origins.push(`http://127.0.0.1:${port}`);
  }
  bench.log(
    `${label}: ${processes} app process(es) on ${origins.join(", ")}, realtime on ${realtimePort}, ${pgUrl ? "PostgreSQL" : "embedded PGlite"} (logs ${logOf("*")})`,
  );
  return {
    label,
    root,
    origins,
    dataDir,
    databaseUrl: pgUrl ?? embeddedUrl(dataDir),
    realtime: { port: realtimePort, key: credentials.PUSHER_KEY, signin },
    roots,
  };
}

/** The copy's processes worth measuring: next-server(s), their workers, the PGlite owner(s), the realtime server. */
export function measuredProcesses(copy: Copy): { name: string; pid: number }[] {
  const found: { name: string; pid: number }[] = [];
  const onPglite = fs.existsSync(path.join(copy.dataDir, "pglite.server.json"));
  const starter = onPglite ? "start, the PGlite owner" : "start (supervisor)";
  for (const root of copy.roots) {
    for (const p of processTree(root.pid)) {
      if (isAppServer(p)) found.push({ name: `${root.name}: next-server`, pid: p.pid });
      else if (p.cmd.includes("bench/app-server.ts") && !p.cmd.includes("tsx/dist/cli.mjs")) found.push({ name: `${root.name}: ${starter}`, pid: p.pid });
      else if (p.cmd.includes("scripts/worker.ts") && !p.cmd.includes("tsx/dist/cli.mjs")) found.push({ name: `${root.name}: worker`, pid: p.pid });
      else if (/scripts\/realtime.ts|realtime-without-signin.ts/.test(p.cmd) && !p.cmd.includes("tsx/dist/cli.mjs"))
        found.push({ name: "realtime server", pid: p.pid });
    }
  }
  return found;
}

/** Stops a copy's processes (a growth step starts the next size afresh); the bench's cleanup also would. */
export async function stopCopy(copy: Copy) {
  for (const { pid } of [...copy.roots].reverse()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {}
    for (let i = 0; i < 150 && processTree(pid).length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
}
