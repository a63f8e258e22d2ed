/**
 * The service scaled out on this machine, for tests/scale-out: a fresh database on the local
 * PostgreSQL server (DATABASE_URL names the server), one `npm run realtime`, and app processes
 * started with `npm run app` on the production build, one `npm run worker`, sharing DATA_DIR (the local file store
 * stands in for Blob: one folder every process reads and writes) and one NEXTAUTH_SECRET.
 * Everything is stopped, and the database dropped, by `stop()`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";

const ROOT = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's URL with another database name. */
const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Proc = { name: string; child: ChildProcess; log: string };

export type ScaledService = Awaited<ReturnType<typeof startScaledService>>;

export async function startScaledService(options: { apps: number; env?: Record<string, string> }) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("This test needs a PostgreSQL server: DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run test:scale-out");
  const host = new URL(serverUrl).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) throw new Error(`Tests only run against a local database; DATABASE_URL points at ${host}.`);
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"))) throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);

  const name = `cas_scale_${process.pid}_${randomBytes(3).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const databaseUrl = withDatabase(serverUrl, name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-scale-out-"));
  const dataDir = path.join(dir, "data");
  const realtimePort = await freePort();
  const credentials = {
    PUSHER_APP_ID: String(randomInt(100_000, 1_000_000)),
    PUSHER_KEY: randomBytes(10).toString("hex"),
    PUSHER_SECRET: randomBytes(32).toString("hex"),
  };
  // Vitest puts Vite's BASE_URL ("/") into process.env: it is no origin for the app.
  const { DATABASE_URL: _server, EMBEDDED_DATABASE: _flag, BASE_URL: _vite, ...inherited } = process.env;
  const common: NodeJS.ProcessEnv = {
    ...inherited,
    ...credentials,
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String(realtimePort),
    PUSHER_USE_TLS: "false",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    OPENAI_API_KEY: "",
    SMTP_URL: "",
    BLOB_READ_WRITE_TOKEN: "",
    ...options.env,
  };
  const procs: Proc[] = [];

  const start = (label: string, args: string[], env: NodeJS.ProcessEnv) => {
    const log = path.join(dir, `${label}.log`);
    const out = fs.openSync(log, "a");
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...args], { cwd: ROOT, env, detached: true, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    procs.push({ name: label, child, log });
    return child;
  };

  const answers = async (url: string, label: string, child: ChildProcess, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}) before it answered:\n${tail(label)}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {}
      await sleep(250);
    }
    throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s:\n${tail(label)}`);
  };

  const tail = (label: string) => {
    const proc = procs.find((p) => p.name === label);
    return proc && fs.existsSync(proc.log) ? fs.readFileSync(proc.log, "utf8").split("\n").slice(-30).join("\n") : "";
  };

  const stop = async () => {
    for (const { child } of [...procs].reverse()) {
      if (!child.pid || child.exitCode !== null) continue;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      await Promise.race([gone, sleep(10_000)]);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
    await onServer(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    if (!process.env.SCALE_OUT_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const realtime = start("realtime", ["scripts/realtime.ts"], common);
    await answers(`http://127.0.0.1:${realtimePort}/health`, "realtime", realtime, 30_000);
    // Every app process at once, on the empty database: migrations and the seed race for real.
    const ports = await Promise.all(Array.from({ length: options.apps }, () => freePort()));
    const apps = ports.map((port, i) => ({ label: `app-${String.fromCharCode(97 + i)}`, port }));
    const children = apps.map(({ label, port }) => start(label, ["scripts/start.ts", "--app"], { ...common, PORT: String(port) }));
    await Promise.all(apps.map(({ label, port }, i) => answers(`http://127.0.0.1:${port}/api/health/live`, label, children[i], 180_000)));
    // One job worker (npm run worker), started once the apps have migrated the database.
    start("worker", ["scripts/worker.ts"], common);
    return {
      databaseUrl,
      dataDir,
      realtime: { port: realtimePort, key: credentials.PUSHER_KEY },
      origins: apps.map(({ port }) => `http://127.0.0.1:${port}`),
      /** Everything a process has written to its log so far. */
      logOf: (index: number) => fs.readFileSync(procs.find((p) => p.name === apps[index].label)!.log, "utf8"),
      tail,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
