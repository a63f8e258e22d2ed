import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "./embedded";
import { migrate } from "./migrate";

/**
 * The runner on a database of its own (embedded PGlite, or a fresh database on DATABASE_URL's
 * server) and a migrations folder of its own, edited between runs.
 */
let url: string;
let drop: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-migrations-"));

function write(name: string, sql: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
}

async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The run's own database is embedded when its data dir holds the server's lock (setup-env.ts
  // sets DATABASE_URL either way).
  if (fs.existsSync(path.join(process.env.DATA_DIR!, "pglite.server.json"))) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-migrate-"));
    const database = await openEmbeddedDatabase(dataDir);
    url = database.url;
    drop = async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  } else {
    const name = `cas_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
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
}, 60_000);

afterAll(async () => {
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migrate", () => {
  it("applies each migration once and records its checksum", async () => {
    write("20260101000000_first", "create table first_t (id int);\n");
    write("20260102000000_second", "create table second_t (id int);\n");
    expect(await migrate(url, () => {}, dir)).toEqual(["20260101000000_first", "20260102000000_second"]);
    // Unchanged: starts, applies nothing.
    expect(await migrate(url, () => {}, dir)).toEqual([]);
    const rows = await query<{ name: string; checksum: string }>("select name, checksum from _cas_migrations order by name");
    expect(rows.map((r) => r.checksum)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });

  it("fills the checksums of rows recorded before checksums were (trust on first use)", async () => {
    await query("update _cas_migrations set checksum = null");
    expect(await migrate(url, () => {}, dir)).toEqual([]);
    const rows = await query<{ checksum: string | null }>("select checksum from _cas_migrations");
    expect(rows.every((r) => r.checksum?.length === 64)).toBe(true);
  });

  it("refuses to start when an applied migration was edited, naming it", async () => {
    write("20260101000000_first", "create table first_t (id int, extra text);\n");
    write("20260103000000_third", "create table third_t (id int);\n");
    await expect(migrate(url, () => {}, dir)).rejects.toThrow(/edited since: 20260101000000_first\./);
    // Nothing ran: the new migration waits until the edit is undone.
    expect(await query("select 1 from _cas_migrations where name = '20260103000000_third'")).toEqual([]);
    write("20260101000000_first", "create table first_t (id int);\r\n");
    expect(await migrate(url, () => {}, dir)).toEqual(["20260103000000_third"]);
  });
});
