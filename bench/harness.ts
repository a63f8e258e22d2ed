/**
 * What every benchmark needs around its measurements, so that each bench file holds only
 * what it measures: a timestamped log, child processes in their own process groups that are
 * always stopped (at the end, on Ctrl-C, after BENCH_TIME_LIMIT_S), the app started the way
 * `npm start` does, a fresh database on a local PostgreSQL when DATABASE_URL is set, memory
 * read from /proc, and percentiles.
 *
 * A benchmark prints figures; it never asserts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const tsxCli = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
/** tsx with `server-only` resolved as the server code the service's processes are (scripts/server-only-stub.mjs). */
export const tsxServer = [tsxCli, "--import", path.join(ROOT, "scripts/server-only-stub.mjs")];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The p-th percentile of an ascending list (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

/** SIGTERM to the process itself (it stops what it started), then to whatever is left of its group. */
async function stopGroup(proc: ChildProcess): Promise<boolean> {
  if (!proc.pid || exited(proc)) return true;
  const gone = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  try {
    process.kill(proc.pid, "SIGTERM");
  } catch {}
  const graceful = await Promise.race([gone.then(() => true), sleep(15_000).then(() => false)]);
  try {
    process.kill(-proc.pid, graceful ? "SIGTERM" : "SIGKILL");
  } catch {}
  return graceful;
}

export type Bench = ReturnType<typeof startBench>;

/**
 * One benchmark run: chdir to the project, a log with elapsed seconds, and one cleanup that
 * stops every child (last started first) and then runs the registered steps (data removed,
 * databases dropped). Ctrl-C and the time limit run it too.
 */
export function startBench(options: { timeLimitS?: number } = {}) {
  process.chdir(ROOT);
  const t0 = Date.now();
  const timeLimitS = Number(process.env.BENCH_TIME_LIMIT_S ?? options.timeLimitS ?? 900);
  const children: { name: string; proc: ChildProcess }[] = [];
  const steps: (() => unknown)[] = [];
  let cleaning: Promise<void> | undefined;

  const log = (line: string) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${line}`);

  const cleanup = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const { name, proc } of [...children].reverse()) if (!(await stopGroup(proc))) log(`${name} did not stop within 15 s: killed`);
      for (const step of steps.reverse()) await step();
    })().catch((error) => console.error("cleanup:", error));
    return cleaning;
  };

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  setTimeout(() => {
    log(`time limit of ${timeLimitS} s reached: stopping`);
    void cleanup().finally(() => process.exit(2));
  }, timeLimitS * 1000).unref();

  return {
    log,
    elapsedS: () => (Date.now() - t0) / 1000,
    /** Runs at cleanup, after every child has stopped. */
    onCleanup(step: () => unknown) {
      steps.push(step);
    },
    /** A node process in its own process group, output appended to `logFile`; `cwd` default: the project. */
    spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd?: string): ChildProcess {
      const out = fs.openSync(logFile, "a");
      const proc = spawn(process.execPath, args, { env, detached: true, stdio: ["ignore", out, out], cwd });
      fs.closeSync(out);
      children.push({ name, proc });
      return proc;
    },
    /**
     * Runs `main`, then cleans up and exits: 0, or 1 with the error and the last lines of
     * `appLog` (removed after a successful run).
     */
    run(main: () => Promise<void>, appLog?: string) {
      main()
        .then(async () => {
          await cleanup();
          if (appLog) fs.rmSync(appLog, { force: true });
          process.exit(0);
        })
        .catch(async (error) => {
          console.error(error);
          if (appLog && fs.existsSync(appLog)) {
            console.error(`--- last lines of the app's log (${appLog}) ---\n${fs.readFileSync(appLog, "utf8").split("\n").slice(-40).join("\n")}`);
          }
          await cleanup();
          process.exit(1);
        });
    },
  };
}

/** Resolves once `url` answers at all (any status), or throws when `proc` exits first or time runs out. */
export async function waitForHttp(url: string, proc: ChildProcess, timeoutMs: number, what = "the app") {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(proc)) throw new Error(`${what} exited (code ${proc.exitCode ?? proc.signalCode}) before it answered`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The app as `npm start` runs it, on a production build (bench/app-server.ts: database,
 * migrations, demo seed, scripts/serve.ts). `databaseUrl` unset: embedded PGlite in `dataDir`,
 * owned by the app-server process. OpenAI settings are cleared unless `env` sets them.
 */
export function startApp(
  bench: Bench,
  options: { port: number; dataDir: string; distDir: string; logFile: string; databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] },
): ChildProcess {
  const { DATABASE_URL: _own, ...base } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...base,
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    NEXT_DIST_DIR: options.distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    ...options.env,
  };
  return bench.spawnNode("app", [...tsxServer, ...(options.nodeArgs ?? []), "bench/app-server.ts"], env, options.logFile);
}

/**
 * Points this process at the database the app uses (its embedded PGlite through the owning
 * process, or `databaseUrl`), so that a bench can seed and read with the app's own lib/.
 */
export function useAppDatabase(dataDir: string, databaseUrl?: string) {
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
}

/**
 * The demo district's admin session and candidate, read with the app's own lib/ from the
 * database `useAppDatabase` pointed at (the app has seeded it on start).
 */
export async function demoAdminAndCandidate(): Promise<{ token: string; candidateId: string }> {
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const { db } = await import("@/lib/db/client");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { DEMO } = await import("@/lib/districts/seed-demo");
  await prepareDatabase();
  const session = await createSessionFor(DEMO.admin);
  const candidate = await db().person.findFirst({ where: { email: DEMO.candidate }, select: { id: true } });
  if (!session || !candidate) throw new Error("the demo district is missing: no admin session or candidate");
  return { token: session.token, candidateId: candidate.id };
}

/**
 * DATABASE_URL set: a fresh database `name` on that server (local only), dropped at cleanup;
 * its URL is returned. Unset: undefined (the bench uses embedded PGlite).
 */
/**
 * A fresh, migrated database for a bench that runs the app's code in its own process: a new
 * database `name` on DATABASE_URL's local server, or embedded PGlite in a temporary DATA_DIR
 * (removed at the end). DATA_DIR and DATABASE_URL are set for the app's modules imported after.
 */
export async function migratedBenchDatabase(bench: Bench, name: string): Promise<{ url: string; embedded: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name.replaceAll("_", "-")}-`));
  bench.onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  process.env.DATA_DIR = dataDir;
  let url = await freshPgDatabase(bench, name);
  const embedded = !url;
  if (!url) {
    const { openEmbeddedDatabase } = await import("@/lib/db/embedded");
    const database = await openEmbeddedDatabase(dataDir);
    bench.onCleanup(() => database.close());
    url = database.url;
    bench.log("embedded PGlite");
  }
  process.env.DATABASE_URL = url;
  const { migrate } = await import("@/lib/db/migrate");
  await migrate(url);
  return { url, embedded };
}

export async function freshPgDatabase(bench: Bench, name: string): Promise<string | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const host = new URL(adminUrl).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`The benchmark only runs against a local database; DATABASE_URL points at ${host}.`);
  }
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const version = (await admin("show server_version")).rows[0].server_version as string;
  bench.onCleanup(() => admin(`drop database if exists ${name} with (force)`));
  bench.log(`PostgreSQL ${version}: fresh database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type ProcessInfo = { pid: number; parent: number; name: string; cmd: string; rssKb: number; hwmKb: number };

function readProcess(pid: number): ProcessInfo | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    return { pid, parent: field("PPid"), name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "", cmd, rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
  } catch {
    return null;
  }
}

/** `root` and its descendants, parents before children, read from /proc. */
export function processTree(root: number): ProcessInfo[] {
  const all = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProcess(Number(d)))
    .filter((p): p is ProcessInfo => p !== null);
  const tree: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    const info = all.find((p) => p.pid === pid);
    if (info) tree.push(info);
    queue.push(...all.filter((p) => p.parent === pid).map((p) => p.pid));
  }
  return tree;
}

/**
 * Whether a process is the app's HTTP server: scripts/serve.ts (Next.js in-process), its bundle
 * (lib/supervisor/app-server-bundle.ts) or, in an older checkout, `next start`'s next-server.
 */
export const isAppServer = (p: { name: string; cmd: string }) => p.name.startsWith("next-server") || /scripts\/serve\.ts|cas-server\/serve\.mjs/.test(p.cmd);

/** The app's HTTP server under `root`. */
export function appServerPid(root: number): number | undefined {
  return processTree(root).find(isAppServer)?.pid;
}

/** VmRSS and VmHWM (the kernel's own peak) of a process, in bytes. */
export function memoryOf(pid: number) {
  const info = readProcess(pid);
  if (!info) throw new Error(`process ${pid} is gone`);
  return { rss: info.rssKb * 1024, hwm: info.hwmKb * 1024 };
}

/** Samples a process's RSS every 10 ms until stopped; `stop()` returns the peak in bytes. */
export function sampleRss(pid: number, also?: () => void) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
      also?.();
    } catch {}
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, memoryOf(pid).rss);
      } catch {}
      return peak;
    },
  };
}
