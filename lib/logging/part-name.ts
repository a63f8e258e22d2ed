import "server-only";
import path from "node:path";

/** The script each part of the service runs, by the name its logs and metrics carry. */
const PARTS: Record<string, string> = { serve: "app", start: "supervisor", worker: "worker", realtime: "realtime", database: "database", admin: "admin" };

/**
 * Which part of the service this process is (scripts/start.ts starts them: lib/supervisor/): the
 * `part` field of every log line and the `part` label of every metric, so that the lines and
 * series of the app, the worker and the realtime server are told apart when they are gathered.
 */
export function partName(script?: string): string {
  // Set by the supervisor for each part it starts (lib/supervisor/spawn-part.ts).
  if (script === undefined && process.env.CAS_PART) return process.env.CAS_PART;
  const base = path.basename(script ?? process.argv[1] ?? "").replace(/\.[cm]?[jt]s$/, "");
  return PARTS[base] ?? (base || "process");
}

/** Whether this process is a part started by the supervisor of `npm start`, which it can talk to over IPC. */
export const supervised = () => Boolean(process.env.CAS_PART && process.send);
