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
import "server-only";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("part");

function dieOf(kind: string) {
  return (error: unknown) => {
    // Written synchronously (lib/logging/logger.ts): the line is out before the process ends.
    log.fatal({ err: error }, `${kind}; exiting so that it is restarted`);
    process.exit(1);
  };
}

process.on("uncaughtException", dieOf("uncaught exception"));
process.on("unhandledRejection", dieOf("unhandled promise rejection"));

if (process.send) {
  process.once("disconnect", () => {
    log.error("the supervisor is gone; stopping");
    process.exit(1);
  });
}
