import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("rate-limit");

/**
 * Counted limits (per API key, sign-in links per address). On a PostgreSQL server the operator
 * runs (DATABASE_URL without EMBEDDED_DATABASE) the counters live in its `rate_limits` table,
 * made by a migration, so every app process spends the same budget. On the embedded database,
 * which one process serves, they stay in memory.
 *
 * A failing store never fails the request: the counting falls back to this process's memory
 * (rate-limiter-flexible's insurance limiter) and says so in the log, at most once a minute.
 * While the store is down a budget therefore holds per process; refusing every API call
 * because a counter table is unreachable would turn a small outage into a full one.
 */
export type CountedLimit = { name: string; points: number; durationS: number };

let pool: pg.Pool | undefined;

/** A small pool of its own: counting must not wait behind a busy request pool, nor hang. */
function limitsPool(): pg.Pool {
  if (!pool) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
    // An idle connection dropped by the server is not an error of any request.
    pool.on("error", (error) => log.warn({ err: error }, "idle connection lost"));
  }
  return pool;
}

/** Counts in memory, and logs (once a minute at most) that the shared store could not be used. */
class FallbackCounter extends RateLimiterMemory {
  private loggedAt = 0;
  constructor(private limit: CountedLimit) {
    super({ points: limit.points, duration: limit.durationS, keyPrefix: limit.name });
  }
  consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    if (Date.now() - this.loggedAt > 60_000) {
      this.loggedAt = Date.now();
      log.error({ limit: this.limit.name }, "the shared counter store failed: counting in this process's memory meanwhile");
    }
    return super.consume(key, points, options);
  }
}

/** Whether counters are shared through the database (a server the operator runs) or kept in memory. */
export const sharedCounters = () => Boolean(env().DATABASE_URL) && !env().EMBEDDED_DATABASE;

/** A limiter for `limit`: PostgreSQL-backed and insured by memory when shared, else memory only. */
export function countedLimiter(limit: CountedLimit, store: pg.Pool | undefined = sharedCounters() ? limitsPool() : undefined): RateLimiterAbstract {
  const options = { points: limit.points, duration: limit.durationS, keyPrefix: limit.name };
  if (!store) return new RateLimiterMemory(options);
  // Statements go unnamed: named ones outlive a connection where one backend session serves every
  // connection (PGlite) or a pooler hands connections around, and then collide ("already exists").
  const unnamed = { query: (q: { text: string; values?: unknown[] }) => store.query({ text: q.text, values: q.values }) };
  return new RateLimiterPostgres({
    ...options,
    storeClient: unnamed,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    insuranceLimiter: new FallbackCounter(limit),
  });
}

/** Keys are hashed: the table holds no e-mail address, and no key outgrows its column. */
const counterKey = (value: string) => createHash("sha256").update(value).digest("base64url");

/** Consumes one point; resolves to the seconds to wait when the budget is spent, else null. */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(counterKey(key));
    return null;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    // Not a refusal but a failure the insurance could not absorb: let the request through.
    log.error({ err: result }, "could not count");
    return null;
  }
}

let keyLimiter: RateLimiterAbstract | undefined;

/** Per API key: a fixed budget of requests each minute, shared by every process. */
export async function consumeKeyBudget(keyId: string) {
  keyLimiter ??= countedLimiter({ name: "api-key", points: env().API_KEY_RATE_LIMIT_PER_MINUTE, durationS: 60 });
  const seconds = await spend(keyLimiter, keyId);
  if (seconds !== null) {
    throw new AppError("rate_limited", `Too many requests for this API key. Try again in ${seconds} s.`, undefined, seconds);
  }
}
