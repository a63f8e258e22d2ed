import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Embedded PostgreSQL (PGlite) served on loopback through the Postgres wire protocol,
 * so Prisma's pg adapter talks to it exactly as to a real server.
 *
 * PGlite must never be opened by two processes at once. The process that opens the data
 * directory writes `server.json` (pid + port) beside it; any other process (the app, the
 * admin command, tests) that finds a live owner connects to its port instead.
 */
export type EmbeddedDatabase = { url: string; owned: boolean; close: () => Promise<void> };

type LockInfo = { pid: number; port?: number };

/** The URL of the embedded database served on `port`. */
export const urlFor = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable&connection_limit=1`;

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Atomically create the lock file; false when another process holds it. */
function tryCreateLock(file: string, info: LockInfo) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(info));
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Databases this process serves, by data directory. A lock file naming our own pid is only
// ours if it is listed here: after a container restart a stale lock can carry the same pid.
const globalForEmbedded = globalThis as unknown as { __casEmbedded?: Map<string, Promise<EmbeddedDatabase>> };
const openedHere: Map<string, Promise<EmbeddedDatabase>> = (globalForEmbedded.__casEmbedded ??= new Map());

export async function openEmbeddedDatabase(dataDir: string, options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  const key = path.resolve(dataDir);
  const ours = openedHere.get(key);
  // Opened by this process already: PGlite must not open the same directory twice, so connect to it.
  if (ours) return ours.then(({ url }) => ({ url, owned: false, close: async () => {} }));
  const opening = openOrConnect(key, options);
  openedHere.set(key, opening);
  const result = await opening.catch((error) => {
    openedHere.delete(key);
    throw error;
  });
  if (!result.owned) openedHere.delete(key);
  return result;
}

async function openOrConnect(dataDir: string, options: { port?: number }): Promise<EmbeddedDatabase> {
  const dbDir = path.join(dataDir, "pglite");
  fs.mkdirSync(dbDir, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.server.json");
  const deadline = Date.now() + 60_000;

  while (Date.now() < deadline) {
    const lock = readLock(lockFile);
    if (lock && isAlive(lock.pid) && lock.pid !== process.pid) {
      if (lock.port && (await canConnect(lock.port))) {
        return { url: urlFor(lock.port), owned: false, close: async () => {} };
      }
      await sleep(100); // the owner is still starting
      continue;
    }
    if (lock) fs.rmSync(lockFile, { force: true }); // stale: its process is gone
    if (!tryCreateLock(lockFile, { pid: process.pid })) continue;
    return startServer(dbDir, lockFile, options.port ?? 0, () => openedHere.delete(dataDir));
  }
  throw new Error(`Timed out waiting for the embedded database in ${dbDir}`);
}

/**
 * PostgreSQL's memory settings for the embedded server: smaller buffers than PostgreSQL's
 * defaults (128 MB of shared buffers), which PGlite's WebAssembly memory would otherwise grow to
 * and keep; pages beyond them come from the operating system's file cache.
 */
const MEMORY_SETTINGS = ["-c", "shared_buffers=32MB", "-c", "maintenance_work_mem=16MB", "-c", "temp_buffers=2MB", "-c", "wal_buffers=1MB"];

/**
 * A new data directory is made (initdb) by a short-lived process: initdb runs in WebAssembly
 * memory of its own, which a process never gives back, and would stay in the server's for good.
 */
async function initializeApart(dbDir: string) {
  if (fs.existsSync(path.join(dbDir, "PG_VERSION"))) return;
  const script = `const { PGlite } = await import("@electric-sql/pglite"); const db = await PGlite.create(${JSON.stringify(dbDir)}); await db.close();`;
  // Resolved from the project (every entry point runs there), as this module resolves it.
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd() });
}

async function startServer(dbDir: string, lockFile: string, port: number, onClose: () => void): Promise<EmbeddedDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  // Extensions the migrations create (pg_trgm: search's typo tolerance) must be loadable.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  await initializeApart(dbDir);
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  const db = await PGlite.create(dbDir, { startParams: [...defaults, ...MEMORY_SETTINGS], extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 256 });
  keepQueryBatchesTogether(server as unknown as { queryQueue: QueryQueue });
  await server.start();
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  const tmp = `${lockFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ pid: process.pid, port: address.port } satisfies LockInfo));
  fs.renameSync(tmp, lockFile);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.stop();
    await db.close();
    fs.rmSync(lockFile, { force: true });
    onClose();
  };
  process.once("exit", () => fs.rmSync(lockFile, { force: true }));
  return { url: urlFor(address.port), owned: true, close };
}

type QueueDb = {
  isInTransaction(): boolean;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: unknown): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
};
type QueryQueue = { db: QueueDb };

// Front-end messages after which the server answers and another connection may go next:
// Sync ends an extended-query batch, Query is a whole simple query, Terminate closes.
const BATCH_END = new Set(["S", "Q", "X"].map((c) => c.charCodeAt(0)));
// Extended-query messages the server answers only at the batch's Sync (or a Flush): Parse,
// Bind, Describe, Execute, Close. They are held and handed to PGlite with the message after them.
const HELD = new Set(["P", "B", "D", "E", "C"].map((c) => c.charCodeAt(0)));
const TERMINATE = "X".charCodeAt(0);

/**
 * pglite-socket queues every wire message on its own, so the Parse/Bind/Execute of one
 * connection can land between another's ("unnamed prepared statement does not exist",
 * parameters bound to the wrong statement) as soon as two connections are busy at once.
 * Its queue already keeps an open transaction's messages with their connection; telling it
 * that a batch still open until its Sync counts as well keeps each batch together.
 *
 * It also runs each message through PGlite, and writes each one's answer to the socket, on its
 * own: for one statement, up to five entries into PostgreSQL's main loop and four writes. A
 * batch's messages are held until its Sync and run as one buffer (PGlite's loop reads every
 * message in it), whose answers leave in one write: PGlite's CPU per unnamed-statement read
 * 1.1 → 0.8 ms (`BENCH_CASES=health,person npm run bench:api`, its floor; docs/benchmarks.md "API").
 */
function keepQueryBatchesTogether(server: { queryQueue: QueryQueue }) {
  const queue = server.queryQueue;
  const db = queue.db;
  let batchOpen = false;
  let held: Uint8Array[] = [];
  queue.db = {
    isInTransaction: () => batchOpen || db.isInTransaction(),
    runExclusive: (fn) => db.runExclusive(fn),
    execProtocolRawStream: (message, options) => {
      // A startup message has no type byte (its first byte is the high byte of its length, 0).
      const type = message[0] === 0 ? undefined : message[0];
      batchOpen = type !== undefined && !BATCH_END.has(type);
      if (type !== undefined && HELD.has(type)) {
        held.push(message);
        return Promise.resolve();
      }
      // A connection that terminates mid-batch: what it held is dropped, never run.
      const whole = held.length && type !== TERMINATE && type !== undefined ? Buffer.concat([...held, message]) : message;
      held = [];
      return db.execProtocolRawStream(whole, options);
    },
    // Called when a connection drops with its transaction (or batch) open. A batch that ran up
    // to a Flush has an implicit transaction open that PGlite does not count as one: rolled back too.
    exec: (sql) => {
      const open = batchOpen;
      batchOpen = false;
      held = [];
      return open || db.isInTransaction() ? db.exec(sql) : Promise.resolve();
    },
  };
}
