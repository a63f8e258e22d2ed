import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { serialize } from "pg-protocol";
import { afterEach, describe, expect, it } from "vitest";
import { openEmbeddedDatabase, type EmbeddedDatabase } from "./embedded";

const ROOT = path.resolve(import.meta.dirname, "../..");
const opened: EmbeddedDatabase[] = [];
const dirs: string[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-embedded-"));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string) {
  const db = await openEmbeddedDatabase(dataDir);
  opened.push(db);
  return db;
}

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const lockOf = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, "pglite.server.json"), "utf8")) as { pid: number; port?: number };

/** Opens the data dir from a separate Node process and reports what it got. */
function openInChild(dataDir: string): Promise<{ url: string; owned: boolean; rows: unknown[] }> {
  const script = path.join(dataDir, "child.mts");
  fs.writeFileSync(
    script,
    `import pg from ${JSON.stringify(createRequire(import.meta.url).resolve("pg"))};
import { openEmbeddedDatabase } from ${JSON.stringify(path.join(ROOT, "lib/db/embedded.ts"))};
const db = await openEmbeddedDatabase(${JSON.stringify(dataDir)});
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const { rows } = await client.query("select note from notes order by note");
await client.end();
await db.close();
console.log(JSON.stringify({ url: db.url, owned: db.owned, rows }));
process.exit(0);
`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["--import", path.join(ROOT, "scripts/server-only-stub.mjs"), script], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

/** Runs an ES module body in a plain Node child process, with `pg` and `URL` in scope; returns its last JSON line. */
function runNode(dir: string, body: string, url: string): Promise<unknown> {
  const script = path.join(dir, "load.mjs");
  fs.writeFileSync(script, `import pg from ${JSON.stringify(createRequire(import.meta.url).resolve("pg"))};\nconst URL = ${JSON.stringify(url)};\n${body}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

/** The pid of a process that has certainly ended. */
function deadPid() {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  expect(pid).toBeGreaterThan(0);
  return pid!;
}

afterEach(async () => {
  for (const db of opened.splice(0).reverse()) await db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each test makes a fresh data directory: initdb in a process of its own, then the server opens it.
describe("openEmbeddedDatabase", { timeout: 120_000 }, () => {
  it("the first opener owns the database, serves it on loopback and records pid and port", async () => {
    const dataDir = tempDataDir();
    const db = await open(dataDir);
    expect(db.owned).toBe(true);
    const port = Number(new URL(db.url).port);
    expect(lockOf(dataDir)).toEqual({ pid: process.pid, port });
    expect(await query<{ n: number }>(db.url, "select 1 + 1 as n")).toEqual([{ n: 2 }]);
    // Smaller buffers than PostgreSQL's default 128 MB, which PGlite's memory would grow to and keep.
    expect(await query<{ shared_buffers: string }>(db.url, "show shared_buffers")).toEqual([{ shared_buffers: "32MB" }]);
    await db.close();
    expect(fs.existsSync(path.join(dataDir, "pglite.server.json"))).toBe(false);
  });

  it("a second open in the same process connects to the first instead of opening PGlite again", async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir);
    await query(first.url, "create table notes (note text)");
    await query(first.url, "insert into notes values ($1)", ["from first"]);

    const [second, third] = await Promise.all([open(dataDir), open(path.join(dataDir, "."))]);
    expect(second).toMatchObject({ owned: false, url: first.url });
    expect(third).toMatchObject({ owned: false, url: first.url });
    expect(await query(second.url, "select note from notes")).toEqual([{ note: "from first" }]);
    // Closing a borrowed handle leaves the owner serving.
    await second.close();
    expect(await query(first.url, "select count(*)::int as n from notes")).toEqual([{ n: 1 }]);
  });

  it("two opens racing in the same process make one owner", async () => {
    const dataDir = tempDataDir();
    const both = await Promise.all([open(dataDir), open(dataDir)]);
    expect(both.map((db) => db.owned).sort()).toEqual([false, true]);
    expect(both[0].url).toBe(both[1].url);
  });

  it("another process connects to the owner's port instead of opening PGlite again", async () => {
    const dataDir = tempDataDir();
    const owner = await open(dataDir);
    await query(owner.url, "create table notes (note text)");
    await query(owner.url, "insert into notes values ('shared')");
    const child = await openInChild(dataDir);
    expect(child).toEqual({ url: owner.url, owned: false, rows: [{ note: "shared" }] });
    // The child's close() did not stop the owner, and the lock is still the owner's.
    expect(lockOf(dataDir).pid).toBe(process.pid);
    expect(await query(owner.url, "select count(*)::int as n from notes")).toEqual([{ n: 1 }]);
  }, 60_000);

  it("takes over a stale lock file whose process is gone", async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, "pglite.server.json"), JSON.stringify({ pid: deadPid(), port: 1 }));
    const db = await open(dataDir);
    expect(db.owned).toBe(true);
    expect(lockOf(dataDir)).toEqual({ pid: process.pid, port: Number(new URL(db.url).port) });
    expect(await query(db.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
  });

  it("takes over a stale lock carrying this process's pid that this process never opened (restarted container)", async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, "pglite.server.json"), JSON.stringify({ pid: process.pid, port: 1 }));
    const db = await open(dataDir);
    expect(db.owned).toBe(true);
    expect(await query(db.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
  });

  it("keeps each connection's statements apart when many connections query at once", async () => {
    const dataDir = tempDataDir();
    const db = await open(dataDir);
    await query(db.url, "create table items (id int primary key, label text, at timestamptz)");
    // The clients run in another process, as the app's do: their messages reach the server in
    // separate reads, where one connection's Parse/Bind/Execute could land between another's.
    const result = await runNode(
      dataDir,
      `// A hang (statements lost between connections) is reported as a failure, not a test timeout.
      setTimeout(() => { console.log(JSON.stringify({ failures: ["timed out: a connection hung"] })); process.exit(0); }, 30_000).unref();
      const clients = await Promise.all(Array.from({ length: 8 }, async () => {
        const client = new pg.Client({ connectionString: URL });
        await client.connect();
        return client;
      }));
      const failures = [];
      await Promise.all(clients.map(async (client, c) => { for (let i = 0; i < 25; i++) {
        const id = c * 100 + i;
        try {
          // Every other client works in transactions, which hold the others' messages back in the queue.
          const inTransaction = c % 2 === 0;
          if (inTransaction) await client.query("begin");
          await client.query("insert into items (id, label, at) values ($1, $2, $3)", [id, "item " + id, new Date(id * 1000)]);
          const { rows } = await client.query("select label, at from items where id = $1", [id]);
          if (inTransaction) await client.query("commit");
          if (rows.length !== 1 || rows[0].label !== "item " + id || rows[0].at.getTime() !== id * 1000) failures.push("wrong row for " + id);
        } catch (error) {
          failures.push(String(error.message));
          await client.query("rollback").catch(() => {});
        }
      }}));
      await Promise.all(clients.map((client) => client.end()));
      console.log(JSON.stringify({ failures }));`,
      db.url,
    );
    expect(result).toEqual({ failures: [] });
    expect(await query(db.url, "select count(*)::int as n from items")).toEqual([{ n: 200 }]);
  }, 60_000);

  it("answers a batch that fails part-way with its error, and the connection goes on", async () => {
    const dataDir = tempDataDir();
    const db = await open(dataDir);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query("create table marks (id int primary key)");
      const insert = { name: "insert_mark", text: "insert into marks (id) values ($1) returning id" };
      expect((await client.query({ ...insert, values: [1] })).rows).toEqual([{ id: 1 }]);
      // Fails at Execute (the prepared statement's second use), then at Parse.
      await expect(client.query({ ...insert, values: [1] })).rejects.toThrow(/duplicate key/);
      await expect(client.query("select from nowhere where $1", [true])).rejects.toThrow(/does not exist/);
      // A transaction that failed stays failed until its rollback, as on PostgreSQL.
      await client.query("begin");
      await expect(client.query({ ...insert, values: [1] })).rejects.toThrow(/duplicate key/);
      await expect(client.query({ ...insert, values: [2] })).rejects.toThrow(/current transaction is aborted/);
      await client.query("rollback");
      expect((await client.query({ ...insert, values: [3] })).rows).toEqual([{ id: 3 }]);
      expect((await client.query("select array_agg(id order by id) as ids from marks")).rows).toEqual([{ ids: [1, 3] }]);
    } finally {
      await client.end();
    }
  });

  it.each([
    ["before its Sync", []],
    ["after a Flush, before its Sync", [serialize.flush()]],
  ])("a connection that drops mid-batch (%s) leaves nothing behind for the next", async (_, tail: Buffer[]) => {
    const dataDir = tempDataDir();
    const db = await open(dataDir);
    await query(db.url, "create table drops (id int primary key)");
    // Parse, Bind, Execute of an insert, then the socket closes before its Sync: never run.
    const socket = net.connect(Number(new URL(db.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(serialize.startup({ user: "postgres", database: "postgres" }));
    await new Promise((resolve) => socket.once("data", resolve));
    socket.write(Buffer.concat([serialize.parse({ text: "insert into drops (id) values (7)" }), serialize.bind(), serialize.execute(), ...tail]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await query(db.url, "select count(*)::int as n from drops")).toEqual([{ n: 0 }]);
    expect(await query(db.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
  });

  it("a connection that drops inside a transaction has it rolled back, and the others go on", async () => {
    const dataDir = tempDataDir();
    const db = await open(dataDir);
    await query(db.url, "create table halves (id int primary key)");
    const client = new pg.Client({ connectionString: db.url });
    client.on("error", () => {}); // its socket is cut below
    await client.connect();
    await client.query("begin");
    await client.query("insert into halves (id) values (1)");
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await query(db.url, "insert into halves (id) values (2)");
    expect(await query(db.url, "select array_agg(id) as ids from halves")).toEqual([{ ids: [2] }]);
  });
});
