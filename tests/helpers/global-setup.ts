import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "../../lib/db/embedded";
import { migrate } from "../../lib/db/migrate";
import { secretsIn } from "./log-scan";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dataDir: string;
    embeddedDatabase: boolean;
    logFile: string;
  }
}

/** Refuses to run tests against anything but a server on this machine. */
function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`Tests only run against a local database; DATABASE_URL points at ${host}.`);
  }
}

/** A fresh database on the given server, named for this run. */
async function freshDatabase(url: string) {
  assertLocal(url);
  const name = `cas_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-test-"));
  let url: string;
  let teardown: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const db = await freshDatabase(process.env.DATABASE_URL);
    url = db.url;
    teardown = db.drop;
  } else {
    const embedded = await openEmbeddedDatabase(dataDir);
    url = embedded.url;
    teardown = embedded.close;
  }
  await migrate(url);
  project.provide("databaseUrl", url);
  project.provide("dataDir", dataDir);
  project.provide("embeddedDatabase", !process.env.DATABASE_URL);
  // Every test process appends its log lines here (setup-env.ts); the run fails if any holds a secret.
  const logFile = path.join(os.tmpdir(), `cas-test-${process.pid}-${project.name}.log`);
  fs.rmSync(logFile, { force: true });
  project.provide("logFile", logFile);
  return async () => {
    await teardown();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const logs = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    const found = secretsIn(logs);
    if (found.length) throw new Error(`The run's logs hold secrets (${logFile}): ${found.map((f) => `line ${f.line}: ${f.shape}`).join("; ")}`);
    fs.rmSync(logFile, { force: true });
  };
}
