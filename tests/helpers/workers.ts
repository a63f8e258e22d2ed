import { spawn } from "node:child_process";
import path from "node:path";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";

export type WorkerRun = { signal: NodeJS.Signals | null; code: number | null; points: string[]; stdout: string; stderr: string };

/**
 * A worker process (tests/helpers/worker-child.ts) on the test's database, queue and data folder.
 * `exited` resolves when it ends (after killing itself at `killAt`, or when stopped).
 */
export function spawnWorker(options: { killAt?: string; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join("tests", "helpers", "worker-child.ts"), JSON.stringify({ killAt: options.killAt })], {
    env: { ...process.env, JOBS_IN_PROCESS: "0", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<WorkerRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr, points: [...stdout.matchAll(/^point ([\w-]+)$/gm)].map((m) => m[1]) }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => (stdout.includes("ready\n") ? resolve() : undefined);
    child.stdout.on("data", check);
    void exited.then((run) => reject(new Error(`the worker ended before it was ready: ${run.stderr.slice(-2000)}`)));
  });
  ready.catch(() => {}); // a worker killed on purpose may never be ready: only those who wait for it care
  return {
    pid: child.pid,
    ready,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
