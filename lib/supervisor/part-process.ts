/**
 * Imported first by every part of the service (scripts/database.ts, realtime.ts, serve.ts, …).
 *
 * An uncaught exception or an unhandled rejection leaves a process in an unknown state: it is
 * logged with its stack and the part exits 1, which its supervisor (scripts/start.ts) answers by
 * starting it again. Without this, a library's own handler could log the error and keep a
 * half-working process serving 500s.
 *
 * A part started by the supervisor also exits when the supervisor is gone (its IPC channel
 * closes), so a killed `npm start` leaves no part holding a port or the database.
 */
import path from "node:path";

const part = path.basename(process.argv[1] ?? "part").replace(/\.[cm]?[jt]s$/, "");

function dieOf(kind: string) {
  return (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? String(error)) : String(error);
    process.stderr.write(`[${part}] ${kind}; exiting so that it is restarted:\n${detail}\n`);
    process.exit(1);
  };
}

process.on("uncaughtException", dieOf("uncaught exception"));
process.on("unhandledRejection", dieOf("unhandled promise rejection"));

if (process.send) {
  process.once("disconnect", () => {
    process.stderr.write(`[${part}] the supervisor is gone; stopping\n`);
    process.exit(1);
  });
}
