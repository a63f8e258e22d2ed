import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";
import { SERVER_NODE_ARGS } from "../lib/supervisor/node-args";

/**
 * `npm start` (scripts/start.ts) as an operator runs it, beside the suite's own server, on its
 * own ports and data folder: each part is killed with SIGKILL in turn, and within 10 s the
 * service answers again (health 200, an authenticated read) with every acknowledged write
 * still there. Then a part that cannot come back (its port taken) stops the whole service,
 * non-zero, with the reason on stderr. With DATABASE_URL set there is no database part.
 */

const PORT = Number(process.env.E2E_SUPERVISION_PORT ?? 3150);
const REALTIME_PORT = PORT + 1;
const DATA_DIR = `${E2E_DATA_DIR}-supervision`;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = "admin@demo.test";
const BACK_WITHIN_MS = 10_000;
const PARTS = process.env.DATABASE_URL ? ["realtime", "worker", "app"] : ["database", "realtime", "worker", "app"];

const serviceEnv = { ...process.env, PORT: String(PORT), REALTIME_PORT: String(REALTIME_PORT), DATA_DIR, HOST: "", BASE_URL: "" };
let service: ChildProcess;
let stdout = "";
let stderr = "";
let exitCode: number | null | undefined;
let token: string;

test.describe.configure({ mode: "serial" });

/** The pid the supervisor last logged for `part` (a JSON line, `"msg":"realtime: started (pid 123)"`). */
function pidOf(part: string): number {
  const pid = lastPidOf(part);
  expect(pid, `${part} was started`).toBeDefined();
  return pid!;
}

function lastPidOf(part: string): number | undefined {
  return [...stdout.matchAll(new RegExp(`"msg":"${part}: started \\(pid (\\d+)\\)"`, "g"))].map((m) => Number(m[1])).at(-1);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function get(pathname: string, init: RequestInit = {}) {
  return fetch(`${BASE}${pathname}`, { ...init, signal: AbortSignal.timeout(3000) });
}

const authorized = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

/** Resolves once health is 200 and `read` succeeds; the time it took. */
async function answersAgain(read: () => Promise<boolean>, withinMs: number) {
  const started = Date.now();
  await expect
    .poll(
      async () => {
        try {
          return (await get("/api/health")).status === 200 && (await read());
        } catch {
          return false;
        }
      },
      { timeout: withinMs, intervals: [100] },
    )
    .toBe(true);
  return Date.now() - started;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  service = spawn(process.execPath, [...SERVER_NODE_ARGS, "scripts/start.ts"], { env: serviceEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  service.stdout!.on("data", (chunk) => (stdout += `${chunk}`.replace(/^(?=.)/gm, () => `${new Date().toISOString().slice(11, 23)} `)));
  service.stderr!.on("data", (chunk) => (stderr += chunk));
  service.on("exit", (code) => (exitCode = code));
  await expect
    .poll(async () => (exitCode !== undefined ? `exited ${exitCode}: ${stderr.slice(-2000)}` : (await get("/api/health").catch(() => null))?.status), {
      timeout: 240_000,
      intervals: [500],
    })
    .toBe(200);
  // A session for the demo admin, minted the way docs/operations.md ("The ops command") tells operators to.
  const minted = spawnSync(process.execPath, [...SERVER_NODE_ARGS, "scripts/admin.ts", "session", "--email", ADMIN], { env: serviceEnv, encoding: "utf8" });
  token = JSON.parse(minted.stdout.trim().split("\n").at(-1)!).token;
  expect(token, minted.stderr).toBeTruthy();
});

test.afterAll(async () => {
  if (exitCode === undefined && service.pid) {
    process.kill(-service.pid, "SIGTERM");
    await new Promise((resolve) => service.once("exit", resolve));
  }
  fs.writeFileSync(path.join("test-results", "supervision.log"), `${stdout}\n---- stderr ----\n${stderr}`);
});

for (const part of PARTS) {
  test(`kill -9 ${part}: back within 10 s, and the acknowledged write is still there`, async () => {
    const email = `supervised-${part}-${Date.now()}@example.test`;
    const created = await get("/api/people", {
      method: "POST",
      headers: authorized({ "content-type": "application/json" }),
      body: JSON.stringify({ first: "Kept", last: part, email }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const pid = pidOf(part);
    process.kill(pid, "SIGKILL");
    // Back means: the part runs again (a new pid logged; health does not look at the worker), health
    // is 200 and the acknowledged write reads back.
    const tookMs = await answersAgain(async () => {
      if (lastPidOf(part) === pid) return false;
      const res = await get(`/api/people/${id}`, { headers: authorized() });
      return res.status === 200 && ((await res.json()) as { email: string }).email === email;
    }, BACK_WITHIN_MS);

    expect(isAlive(pid)).toBe(false);
    expect(pidOf(part)).not.toBe(pid);
    expect(stdout).toContain(`"msg":"${part}: died (killed by SIGKILL); restarting in 0.25 s"`);
    expect(exitCode).toBeUndefined();
    console.log(`${part}: answering again ${tookMs} ms after kill -9`);
  });
}

test("a part that cannot come back stops the whole service, non-zero, with the reason on stderr", async () => {
  test.setTimeout(120_000);
  const others = PARTS.filter((p) => p !== "realtime").map(pidOf);
  const pid = pidOf("realtime");
  process.kill(pid, "SIGKILL");
  // Take the realtime port as soon as it is free: every restart then fails to listen.
  // It answers nothing; whatever connects to it meanwhile (the health check) is cut when it closes.
  const connected = new Set<net.Socket>();
  const squatter = net.createServer((socket) => connected.add(socket));
  await expect
    .poll(
      () =>
        new Promise<boolean>((resolve) => {
          squatter.once("error", () => resolve(false));
          squatter.listen(REALTIME_PORT, "127.0.0.1", () => resolve(true));
        }),
      { timeout: 5000, intervals: [5] },
    )
    .toBe(true);
  try {
    await expect.poll(() => exitCode, { timeout: 90_000, intervals: [500] }).not.toBeUndefined();
  } finally {
    for (const socket of connected) socket.destroy();
    await new Promise((resolve) => squatter.close(resolve));
  }
  expect(exitCode).not.toBe(0);
  expect(stderr).toMatch(/"msg":"the service stopped: realtime cannot come back: it died 7 times in a row/);
  expect(stderr).toContain("EADDRINUSE");
  // Nothing is left answering errors: the other parts were stopped with it.
  for (const other of others) expect(isAlive(other)).toBe(false);
  await expect(get("/api/health/live")).rejects.toThrow();
});
