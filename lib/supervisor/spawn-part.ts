import "server-only";
import { spawn } from "node:child_process";
import { withMallocTunables } from "./malloc-tunables";
import { scriptArgs } from "./node-args";
import type { PartProcess } from "./supervisor";
import { loggerFor } from "@/lib/logging/logger";
import { partName } from "@/lib/logging/part-name";
import { relayPartMetrics } from "@/lib/metrics/supervisor-relay";

const log = loggerFor("supervisor");

/**
 * Runs `node [nodeArgs] --import tsx <script> <args>` as a part of the service (without tsx for a
 * script already in JavaScript: the app server's bundle, lib/supervisor/app-server-bundle.ts). Each part leads its own
 * process group, so that a Ctrl-C reaches only the supervisor (which stops the parts in order)
 * and whatever a part started dies with it. The IPC channel lets the part notice when the
 * supervisor is gone (lib/supervisor/part-process.ts) and exit instead of lingering.
 */
export function spawnPart(script: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): PartProcess {
  const name = env.CAS_PART ?? partName(script);
  const child = spawn(process.execPath, [...nodeArgs, ...scriptArgs(script), ...args], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // CAS_PART: the part's name in its logs and metrics, and the sign that a supervisor runs it.
    env: withMallocTunables({ ...env, CAS_PART: name }),
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
  // The part's metrics reach the app's /metrics through this process (lib/metrics/part-metrics.ts).
  relayPartMetrics(name, child);
  // A part's own children do not outlive it.
  child.once("exit", () => signalGroup("SIGKILL"));
  // Without an 'error' listener a failed spawn would throw in the supervisor; it is reported as an exit.
  child.once("error", (error) => {
    log.error({ err: error, script }, "could not start a part");
    if (child.exitCode === null && !child.pid) child.emit("exit", 1, null);
  });
  return { pid: child.pid, kill: signalGroup, once: (event, listener) => child.once(event, listener) };
}
