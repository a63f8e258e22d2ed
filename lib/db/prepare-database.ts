import "server-only";
import { env, resetEnvCache } from "@/lib/env";
import { openEmbeddedDatabase } from "./embedded";
import { migrate } from "./migrate";

/**
 * Makes sure a migrated database is reachable and DATABASE_URL points at it:
 * the configured server, or the embedded PGlite under DATA_DIR (opened here, or reached
 * through the process that already holds it).
 */
export async function prepareDatabase(log: (line: string) => void = () => {}) {
  let close = async () => {};
  let url = env().DATABASE_URL;
  if (!url) {
    const embedded = await openEmbeddedDatabase(env().dataDir);
    url = embedded.url;
    close = embedded.close;
    log(embedded.owned ? `embedded database in ${env().dataDir}/pglite` : "embedded database held by a running process; connected to it");
    // Processes this one starts (the app's server) know the database is the embedded one.
    process.env.EMBEDDED_DATABASE = "1";
  }
  process.env.DATABASE_URL = url;
  // Settings read before this point saw no DATABASE_URL (the job queue's among them).
  resetEnvCache();
  await migrate(url, log);
  return { url, close };
}
