/**
 * The embedded database as a part of the service: PGlite in DATA_DIR/pglite, served on
 * loopback through the Postgres wire protocol on the port given with `--port` (scripts/start.ts
 * keeps it the same across restarts, so the app's DATABASE_URL stays valid). Stops on
 * SIGINT/SIGTERM after closing the database cleanly.
 */
import "@/lib/supervisor/part-process";
import { openEmbeddedDatabase } from "@/lib/db/embedded";
import { env } from "@/lib/env";
import { EXIT_CANNOT_RUN } from "@/lib/supervisor/restart-policy";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("database");

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;

async function main() {
  const { dataDir } = env();
  const db = await openEmbeddedDatabase(dataDir, { port });
  if (!db.owned) {
    log.fatal(`the embedded database in ${dataDir} is held by another running process (see ${dataDir}/pglite.server.json); stop it first`);
    process.exit(EXIT_CANNOT_RUN);
  }
  log.info(`embedded PGlite in ${dataDir}/pglite on 127.0.0.1:${new URL(db.url).port}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
