import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";

const run = promisify(execFile);

/**
 * Four processes start at once on one empty database (the run's server: embedded PGlite, or
 * PostgreSQL with DATABASE_URL): the demo district is seeded exactly once.
 */
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const embedded = fs.existsSync(path.join(process.env.DATA_DIR!, "pglite.server.json"));
  if (embedded) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-seed-"));
    const database: EmbeddedDatabase = await openEmbeddedDatabase(dir);
    url = database.url;
    drop = async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const name = `cas_seed_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  await migrate(url);
}, 60_000);

afterAll(() => drop());

describe("seedDemoIfEmpty", () => {
  it("seeds once when several processes start together on an empty database", async () => {
    const env = { ...process.env, DATABASE_URL: url, START_AT: String(Date.now() + 8000) };
    const child = () => run(process.execPath, [...SERVER_NODE_ARGS, "tests/helpers/seed-child.ts"], { env });
    const outputs = (await Promise.all([child(), child(), child(), child()])).map((r) => r.stdout.trim()).sort();
    expect(outputs).toEqual(["found", "found", "found", "seeded"]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const districts = await client.query("select name from districts");
    const people = await client.query("select count(*)::int as n from people");
    await client.end();
    expect(districts.rows).toEqual([{ name: "Demo District" }]);
    expect(people.rows[0].n).toBe(4);
  }, 60_000);
});
