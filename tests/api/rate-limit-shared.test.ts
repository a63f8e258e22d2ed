import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { countedLimiter, sharedCounters, spend } from "@/lib/http/rate-limit";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";
import { captureLogs } from "../helpers/log-capture";

const run = promisify(execFile);

/**
 * Counted limits across app processes: on a database server the operator runs, every process
 * spends one budget (rate-limiter-flexible's PostgreSQL store, table `rate_limits`); on the
 * embedded database, served by one process, each keeps its own count in memory. Both run here on
 * this run's database (PGlite speaks PostgreSQL too), the store chosen by EMBEDDED_DATABASE.
 */
async function processesSpending(embedded: boolean, key: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, LIMIT_KEY: key, LIMIT_POINTS: "6", TRIES: "5", START_AT: String(Date.now() + 6000) };
  if (embedded) env.EMBEDDED_DATABASE = "1";
  else delete env.EMBEDDED_DATABASE;
  const child = () => run(process.execPath, [...SERVER_NODE_ARGS, "tests/helpers/limit-child.ts"], { env });
  return (await Promise.all([child(), child()])).map((r) => JSON.parse(r.stdout.trim()) as { allowed: number; refused: number });
}

afterEach(() => {
  vi.restoreAllMocks();
  resetEnvCache();
});

describe("counted limits shared by app processes", () => {
  it("on a database server, two processes spending at once get the one budget between them", async () => {
    const results = await processesSpending(false, `key-${randomUUID()}`);
    expect(results.reduce((sum, r) => sum + r.allowed, 0)).toBe(6);
    expect(results.reduce((sum, r) => sum + r.refused, 0)).toBe(4);
  }, 60_000);

  it("on the embedded database (one process serves it), each process counts in its own memory", async () => {
    const results = await processesSpending(true, `key-${randomUUID()}`);
    expect(results).toEqual([
      { allowed: 5, refused: 0 },
      { allowed: 5, refused: 0 },
    ]);
  }, 60_000);

  it("the store is chosen by EMBEDDED_DATABASE, which npm start sets for the database it serves", () => {
    const saved = process.env.EMBEDDED_DATABASE;
    try {
      process.env.EMBEDDED_DATABASE = "1";
      resetEnvCache();
      expect(sharedCounters()).toBe(false);
      delete process.env.EMBEDDED_DATABASE;
      resetEnvCache();
      expect(sharedCounters()).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.EMBEDDED_DATABASE;
      else process.env.EMBEDDED_DATABASE = saved;
    }
  });

  it("a store that fails never fails the request: counting goes on in memory, and the log says so", async () => {
    const logs = captureLogs();
    // Nothing listens on port 9: every query fails at once.
    const unreachable = new pg.Pool({ connectionString: "postgres://postgres:postgres@127.0.0.1:9/none", connectionTimeoutMillis: 500 });
    const limiter = countedLimiter({ name: "test-failing", points: 3, durationS: 60 }, unreachable);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await spend(limiter, "someone"));
    expect(waits.slice(0, 3)).toEqual([null, null, null]);
    expect(waits[3]).toBeGreaterThanOrEqual(1);
    logs.restore();
    expect(logs.lines.some((line) => /shared counter store failed/.test(line.msg))).toBe(true);
    await unreachable.end();
  });
});
