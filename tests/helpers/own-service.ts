import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { openEmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { resetEnvCache } from "@/lib/env";
import { restartJobWorkers, stopJobWorkers } from "./job-workers";

/**
 * A service database of a test file's own, of the run's kind: an embedded PGlite in a new
 * DATA_DIR that this process serves (as `npm start`'s database part does), or a new database on
 * the run's PostgreSQL server. For tests that back up or restore a whole service.
 */
export const embeddedRun = () => inject("embeddedDatabase");

export const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `cas-${label}-`));

/** A new empty database on the run's PostgreSQL server (dropped by the returned cleanup). */
export async function newServerDatabase(label: string) {
  const serverUrl = inject("databaseUrl");
  const name = `cas_${label.replace(/\W/g, "_")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

/** Makes this process's service (Prisma, storage, env) use a new migrated database and DATA_DIR. */
export async function useOwnService(label: string) {
  const dataDir = tempDir(label);
  const { url, close } = embeddedRun()
    ? await openEmbeddedDatabase(dataDir).then((db) => ({ url: db.url, close: db.close }))
    : await newServerDatabase(label).then((db) => ({ url: db.url, close: db.drop }));
  await disconnectDb();
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  await migrate(url);
  await restartJobWorkers();
  return {
    dataDir,
    url,
    close: async () => {
      await stopJobWorkers();
      await disconnectDb();
      await close();
    },
  };
}
