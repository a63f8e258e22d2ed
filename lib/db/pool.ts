import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { currentAuditActorText } from "@/lib/audit/audit-actor";
import { env } from "@/lib/env";
import { ActorQuery, statementKind } from "./actor-query";
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
    const created = new pg.Pool({
      connectionString: url,
      max: env().DATABASE_POOL_SIZE,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: env().DATABASE_WAIT_MS,
    });
    // A connection the server drops while idle is not any request's error.
    created.on("error", (error) => console.error(`[db] idle connection lost: ${error.message}`));
    noteTimeouts(created);
    created.on("connect", carryAuditActor);
    queryOnOwnConnection(created);
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

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * Each connection sends the audit trail's actor (lib/audit/audit-actor.ts) with what needs it, in
 * the same round trip (actor-query.ts): a transaction's BEGIN, and a statement outside any
 * transaction that writes an audited table. Reads, and statements inside a transaction, go as
 * they are.
 */
function carryAuditActor(client: pg.PoolClient) {
  const send = client.query.bind(client) as (...args: QueryArgs) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === "string" ? config : (config as { text?: unknown; submit?: unknown } | null)?.text;
    if (typeof text !== "string" || typeof (config as { submit?: unknown }).submit === "function") return send(config, values, callback);
    const kind = statementKind(text);
    // pg's own note of the last ReadyForQuery: I(dle), T (in a transaction), E (failed one).
    const idle = (client as unknown as { _txStatus?: string })._txStatus === "I";
    const actor = kind !== "other" && idle ? currentAuditActorText() : undefined;
    if (!actor) return send(config, values, callback);
    if (typeof values === "function") [values, callback] = [undefined, values];
    if (callback) return void send(new ActorQuery(config, values, callback, actor, kind === "begin" ? "after" : "before"));
    return new Promise((resolve, reject) => {
      send(
        new ActorQuery(
          config,
          values,
          (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result)),
          actor,
          kind === "begin" ? "after" : "before",
        ),
      );
    });
  }) as typeof client.query;
}

/**
 * pool.query (Prisma's statements outside a transaction), through pool.connect awaited here: a
 * caller that waited for a connection goes on in its own request's context (pg-pool would call it
 * back from the context of whoever freed the connection), so its actor is the right one.
 */
function queryOnOwnConnection(target: pg.Pool) {
  const original = target.query.bind(target) as (...args: QueryArgs) => unknown;
  target.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof values === "function" || typeof callback === "function") return original(config, values, callback);
    return (async () => {
      const client = await target.connect();
      // As pg-pool's own query does: a connection lost mid-statement (the database restarting)
      // also emits 'error', which with no listener would end the process; the statement's
      // promise carries the error to its caller.
      let failed: Error | undefined;
      const onError = (error: Error) => (failed = error);
      client.on("error", onError);
      try {
        return await client.query(config as pg.QueryConfig, values as unknown[]);
      } catch (error) {
        failed = error as Error;
        throw error;
      } finally {
        client.removeListener("error", onError);
        client.release(failed);
      }
    })();
  }) as typeof target.query;
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
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP ? parseUtc : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
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
  // A connection lost mid-statement also emits 'error': listened to, it cannot end the process.
  let failed: Error | undefined;
  const onError = (error: Error) => (failed = error);
  client.on("error", onError);
  try {
    const result = await client.query<T>({ name: `cas_${id}_${digest}`, text, values, types });
    return result.rows;
  } catch (error) {
    // As pool.query does: a connection that failed a statement is not reused.
    failed = error as Error;
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release(failed);
  }
}

/** Positional parameters for a statement built from parts: `p(value)` adds one and names it ($1, $2…). */
export function sqlParams() {
  const values: unknown[] = [];
  return { values, p: (value: unknown) => `$${values.push(value)}` };
}
