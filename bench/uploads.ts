/**
 * `npm run bench:uploads`: memory and throughput of streamed multipart uploads on the
 * PRODUCTION build.
 *
 *   1. the production build in .next-bench-uploads (built only when missing or stale)
 *   2. a fresh embedded database and DATA_DIR in a temporary folder; the app started the way
 *      `npm start` does (bench/app-server.ts, which seeds the demo district), on PORT 3210
 *   3. one small upload to warm the route up, then the RSS of the app's HTTP server process
 *      (scripts/serve.ts with Next.js in-process, or `next start`'s next-server)
 *   4. BENCH_CLIENTS (8) clients at once, each POSTing BENCH_ROUNDS (1) files of BENCH_FILE_MB
 *      (25, decimal: under the default MAX_UPLOAD_BYTES of 25 MiB with the multipart framing) to
 *      /api/people/:id/uploads. Each body is generated while it is sent from one reused 64 KB
 *      block, so this process holds no file in memory.
 *   5. RSS sampled every 10 ms meanwhile (and VmHWM, the kernel's own peak), then: RSS before,
 *      peak, growth, total time, MB/s, per-upload latency p50/p95
 *
 * A benchmark prints figures; it never asserts. Everything it starts is stopped, and its data
 * removed, at the end, on Ctrl-C and after BENCH_TIME_LIMIT_S (default 900 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
process.chdir(ROOT);

const PORT = Number(process.env.BENCH_PORT ?? 3210);
const DIST_DIR = ".next-bench-uploads";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 25) * 1_000_000);
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 900);
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "cas-bench-uploads-"));
const appLog = path.join(DATA_DIR, "..", `${path.basename(DATA_DIR)}.log`);

const t0 = Date.now();
const log = (line: string) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tsxCli = path.resolve("node_modules/tsx/dist/cli.mjs");
const nextBin = path.resolve("node_modules/next/dist/bin/next");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---------------------------------------------------------------------------------------
// processes and cleanup

const children: ChildProcess[] = [];
let cleaning: Promise<void> | undefined;

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

async function stopChild(proc: ChildProcess) {
  if (!proc.pid || exited(proc)) return;
  const gone = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  try {
    process.kill(proc.pid, "SIGTERM"); // the process itself first: app-server.ts stops next and closes the DB
  } catch {}
  const graceful = await Promise.race([gone.then(() => true), sleep(15_000).then(() => false)]);
  try {
    process.kill(-proc.pid, graceful ? "SIGTERM" : "SIGKILL"); // then whatever is left of its group
  } catch {}
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of [...children].reverse()) await stopChild(child);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    restoreNextSideEffects();
  })().catch((e) => console.error("cleanup:", e));
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}
setTimeout(() => {
  log(`time limit of ${TIME_LIMIT_S} s reached: stopping`);
  void cleanup().finally(() => process.exit(2));
}, TIME_LIMIT_S * 1000).unref();

// `next build` with a custom distDir adds that folder to tsconfig.json and next-env.d.ts.
// Those files belong to the project, not to the benchmark: put them back as they were.
const watched = ["tsconfig.json", "next-env.d.ts"];
const snapshot = new Map(watched.map((f) => [f, fs.existsSync(f) ? fs.readFileSync(f, "utf8") : null]));
function restoreNextSideEffects() {
  for (const [file, before] of snapshot) {
    if (before === null || !fs.existsSync(file)) continue;
    const now = fs.readFileSync(file, "utf8");
    if (now !== before && now.includes(DIST_DIR) && !before.includes(DIST_DIR)) fs.writeFileSync(file, before);
  }
}

// ---------------------------------------------------------------------------------------
// build and app

function newestSourceChange(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".") || entry.name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestSourceChange(path.join(p, entry.name)));
  }
  return newest;
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<number>((resolve) => {
    const proc = spawn(process.execPath, args, { env, stdio: "inherit" });
    children.push(proc);
    proc.on("exit", (code) => resolve(code ?? 1));
  });
}

async function buildIfNeeded() {
  const buildId = path.join(DIST_DIR, "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = ["app", "components", "lib", "public", "next.config.mjs", "package-lock.json"].filter((p) => fs.existsSync(p));
  if (built && built >= Math.max(...sources.map(newestSourceChange))) return log(`production build in ${DIST_DIR} is up to date`);
  log(`production build into ${DIST_DIR}…`);
  const { DATABASE_URL: _unused, ...env } = process.env;
  const buildEnv = { ...env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
  // BENCH_SKIP_TYPECHECK=1: compile and generate without Next's type check (someone's
  // unfinished work elsewhere in the tree may not type-check yet).
  let code: number;
  if (process.env.BENCH_SKIP_TYPECHECK === "1") {
    code = await run([nextBin, "build", "--experimental-build-mode", "compile"], buildEnv);
    if (code === 0) code = await run([nextBin, "build", "--experimental-build-mode", "generate"], buildEnv);
  } else {
    code = await run([nextBin, "build"], buildEnv);
  }
  restoreNextSideEffects();
  if (code !== 0) throw new Error(`next build failed (exit ${code})`);
}

async function waitForHttp(url: string, proc: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(proc)) throw new Error(`the app exited (code ${proc.exitCode ?? proc.signalCode}) before it answered`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`the app did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** The app's HTTP server (scripts/serve.ts, Next.js in-process; or `next start`'s next-server): a descendant of the app-server process. */
function serverPid(root: number): number | undefined {
  const parentOf = new Map<number, number>();
  const isServer = new Map<number, boolean>();
  for (const entry of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      parentOf.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      isServer.set(Number(entry), /^Name:\s+next-server/m.test(status) || cmd.includes("scripts/serve.ts"));
    } catch {}
  }
  const descends = (pid: number): boolean => pid === root || (pid > 1 && parentOf.has(pid) && descends(parentOf.get(pid)!));
  return [...isServer].find(([pid, yes]) => yes && descends(pid))?.[0];
}

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

// ---------------------------------------------------------------------------------------
// uploads

const BLOCK = Buffer.alloc(64 * 1024, "0123456789abcdef");

/** One multipart upload of `size` generated bytes over its own connection; resolves with status and ms. */
function upload(pathName: string, token: string, size: number, n: number): Promise<{ status: number; ms: number; body: string }> {
  const boundary = `----bench${n}x${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench upload ${n}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${n}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: PORT,
      method: "POST",
      path: pathName,
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + size + tail.length,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    });
    req.on("error", reject);
    void (async () => {
      req.write(head);
      for (let sent = 0; sent < size; sent += BLOCK.length) {
        const chunk = size - sent >= BLOCK.length ? BLOCK : BLOCK.subarray(0, size - sent);
        if (!req.write(chunk)) await once(req, "drain");
      }
      req.end(tail);
    })().catch(reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  log(`${os.cpus().length} CPUs, node ${process.version}; ${CLIENTS} clients × ${ROUNDS} upload(s) of ${FILE_BYTES.toLocaleString("en")} bytes`);
  await buildIfNeeded();

  const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
  log(`starting the app (bench/app-server.ts) on port ${PORT}, fresh embedded database in ${DATA_DIR}`);
  const out = fs.openSync(appLog, "a");
  const app = spawn(process.execPath, [tsxCli, "bench/app-server.ts"], {
    env: { ...baseEnv, PORT: String(PORT), DATA_DIR, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production", NEXTAUTH_URL: `http://127.0.0.1:${PORT}` },
    detached: true, // own process group, so that everything it starts can be stopped together
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  children.push(app);
  await waitForHttp(`http://127.0.0.1:${PORT}/api/health`, app, 360_000);
  restoreNextSideEffects();

  // The bench process reaches the app's embedded database through its owner.
  process.env.DATA_DIR = DATA_DIR;
  delete process.env.DATABASE_URL;
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { DEMO } = await import("@/lib/districts/seed-demo");
  await prepareDatabase();
  const session = await createSessionFor(DEMO.admin);
  const candidate = await db().person.findFirst({ where: { email: DEMO.candidate }, select: { id: true } });
  await disconnectDb();
  if (!session || !candidate) throw new Error("the demo district is missing: no admin session or candidate");
  const target = `/api/people/${candidate.id}/uploads`;

  const pid = serverPid(app.pid!);
  if (!pid) throw new Error("could not find the app's server process");
  const warm = await upload(target, session.token, 1024, 0);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await sleep(1_000);
  const before = memoryOf(pid);
  log(`app server pid ${pid}: RSS ${mb(before.rss)} before the uploads (VmHWM so far ${mb(before.hwm)})`);

  let peakRss = before.rss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
    } catch {}
  }, 10);
  const started = performance.now();
  const results = (
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const mine = [];
        for (let round = 0; round < ROUNDS; round++) mine.push(await upload(target, session.token, FILE_BYTES, 1 + client * ROUNDS + round));
        return mine;
      }),
    )
  ).flat();
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const after = memoryOf(pid);
  peakRss = Math.max(peakRss, after.rss);

  const ok = results.filter((r) => r.status === 201 && JSON.parse(r.body).size === FILE_BYTES).length;
  const failed = results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.slice(0, 120)}`);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const totalBytes = FILE_BYTES * results.length;
  const peakHwm = Math.max(after.hwm, before.hwm);

  console.log("");
  console.log(`uploads: ${results.length} × ${(FILE_BYTES / 1_000_000).toFixed(0)} MB (${CLIENTS} at once), ${ok} stored complete (201, size checked)${failed.length ? `, failed: ${[...new Set(failed)].join("; ")}` : ""}`);
  console.log(`app server RSS before:       ${mb(before.rss)}`);
  console.log(`app server RSS peak:         ${mb(peakRss)} (sampled every 10 ms; VmHWM ${mb(peakHwm)}${after.hwm > before.hwm ? "" : ", unchanged by the uploads"})`);
  console.log(`RSS growth during uploads:   ${mb(peakRss - before.rss)} (target < 100 MB)`);
  console.log(`app server RSS after:        ${mb(after.rss)}`);
  console.log(`total time:                  ${(totalMs / 1000).toFixed(2)} s, ${(totalBytes / 1_000_000 / (totalMs / 1000)).toFixed(1)} MB/s`);
  console.log(`per-upload latency:          p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s, max ${(latencies.at(-1)! / 1000).toFixed(2)} s`);
  console.log(`peak RSS of this bench process: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  console.log(`build: ${DIST_DIR}; data: ${DATA_DIR} (removed); duration ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main()
  .then(async () => {
    await cleanup();
    fs.rmSync(appLog, { force: true });
    process.exit(0);
  })
  .catch(async (error) => {
    console.error(error);
    try {
      const tail = fs.readFileSync(appLog, "utf8").split("\n").slice(-40).join("\n");
      console.error(`--- last lines of the app's log (${appLog}) ---\n${tail}`);
    } catch {}
    await cleanup();
    process.exit(1);
  });
