import "server-only";
import { spawn } from "node:child_process";
import { withMallocTunables } from "./malloc-tunables";
import { scriptArgs } from "./node-args";
import type { PartProcess } from "./supervisor";

/**
 * Runs `node [nodeArgs] --import tsx <script> <args>` as a part of the service (without tsx for a
 * script already in JavaScript: the app server's bundle, lib/supervisor/app-server-bundle.ts). Each part leads its own
 * process group, so that a Ctrl-C reaches only the supervisor (which stops the parts in order)
 * and whatever a part started dies with it. The IPC channel lets the part notice when the
 * supervisor is gone (lib/supervisor/part-process.ts) and exit instead of lingering.
 */
export function spawnPart(script: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): PartProcess {
  const child = spawn(process.execPath, [...nodeArgs, ...scriptArgs(script), ...args], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: withMallocTunables(env),
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    if (!child.pid) return false;
    try {
      process.kill(-child.pid, signal);
      return true;
    } catch {
      return child.kill(signal);
    }
  };
  // A part's own children do not outlive it.
  child.once("exit", () => signalGroup("SIGKILL"));
  // Without an 'error' listener a failed spawn would throw in the supervisor; it is reported as an exit.
  child.once("error", (error) => {
    console.error(`[cas] could not start ${script}:`, error);
    if (child.exitCode === null && !child.pid) child.emit("exit", 1, null);
  });
  return { pid: child.pid, kill: signalGroup, once: (event, listener) => child.once(event, listener) };
}
