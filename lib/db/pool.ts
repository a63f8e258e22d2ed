import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { env } from "@/lib/env";
import { noteOverload } from "./overload-signal";

/**
 * The process's one pool of connections, for Prisma (its driver adapter runs on it) and for the
 * few hot paths that send their own SQL (authentication, list copies, single reads): the SQL is
 * the same either way, but skipping Prisma's query engine saves most of a request's CPU there.
 * Idle connections are kept (they hold the app's prepared statements, below). Its size, and so
 * how many requests work at once, depends on the database (lib/env.ts withDatabaseDefaults).
 */
const globalForPool = globalThis as unknown as { __casPool?: pg.Pool; __casPoolUrl?: string };

export function pool(): pg.Pool {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides the embedded database.");
  if (!globalForPool.__casPool || globalForPool.__casPoolUrl !== url) {
    // No connection free within DATABASE_WAIT_MS: "timeout exceeded when trying to connect", a 503 (lib/http/errors.ts).
    const created = new pg.Pool({ connectionString: url, max: env().DATABASE_POOL_SIZE, idleTimeoutMillis: 0, connectionTimeoutMillis: env().DATABASE_WAIT_MS });
    // A connection the server drops while idle is not any request's error.
    created.on("error", (error) => console.error(`[db] idle connection lost: ${error.message}`));
    noteTimeouts(created);
    globalForPool.__casPool = created;
    globalForPool.__casPoolUrl = url;
  }
  return globalForPool.__casPool;
}

const TIMED_OUT = /timeout exceeded when trying to connect/;

/** A wait for a connection that ran out is noted against the request (overload-signal.ts), however the caller asked. */
function noteTimeouts(target: pg.Pool) {
  const connect = target.connect.bind(target) as (callback?: (error: Error | undefined, ...rest: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  const note = (error: Error | undefined) => {
    if (error && TIMED_OUT.test(error.message)) noteOverload();
  };
  target.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) return connect((error, ...rest) => (note(error), callback(error, ...rest)));
    return connect()!.catch((error: Error) => {
      note(error);
      throw error;
    });
  }) as typeof target.connect;
}

export async function endPool() {
  const current = globalForPool.__casPool;
  globalForPool.__casPool = undefined;
  globalForPool.__casPoolUrl = undefined;
  await current?.end();
}

// Columns are timestamp(3) without a time zone holding UTC (Prisma's convention): read them as
// UTC, whatever the server's zone. BIGINT stays a string unless a query casts it.
const TIMESTAMP = 1114;
const parseUtc = (value: string) => new Date(`${value.replace(" ", "T")}Z`);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => (oid === TIMESTAMP ? parseUtc : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig["getTypeParser"],
};

const names = new Map<string, string>();
const connectionIds = new WeakMap<pg.PoolClient, string>();

/**
 * Rows of one statement, with `$1…` parameters. Each connection prepares the statement once
 * (parsed and planned once, not on every request). Its name carries a random id of the
 * connection: on the embedded database every connection, of every process, shares one backend
 * session, where a name used by two connections would collide.
 */
export async function sqlRows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  let digest = names.get(text);
  if (!digest) names.set(text, (digest = createHash("sha1").update(text).digest("base64url").slice(0, 20)));
  const client = await pool().connect();
  let id = connectionIds.get(client);
  if (!id) connectionIds.set(client, (id = randomBytes(6).toString("base64url")));
  try {
    const result = await client.query<T>({ name: `cas_${id}_${digest}`, text, values, types });
    client.release();
    return result.rows;
  } catch (error) {
    // As pool.query does: a connection that failed a statement is not reused.
    client.release(error as Error);
    throw error;
  }
}

/** Positional parameters for a statement built from parts: `p(value)` adds one and names it ($1, $2…). */
export function sqlParams() {
  const values: unknown[] = [];
  return { values, p: (value: unknown) => `$${values.push(value)}` };
}
