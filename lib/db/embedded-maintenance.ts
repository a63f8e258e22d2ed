import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { loggerFor } from "@/lib/logging/logger";
import { pool } from "./pool";

const log = loggerFor("db");

/** An upkeep statement this long is logged at info; shorter ones at debug. */
const SLOW_MS = 1000;
/** A run starts no new table after this much time in its statements: a backlog (a large import, a first run) is spread over minutes. */
const RUN_BUDGET_MS = 250;

/**
 * Between two upkeep statements. A request makes a few round trips, and each waits behind whatever
 * the embedded database's one session is running: with a run's statements back to back (134 + 82
 * + 54 ms in one run under bench:load), requests waited behind all of them, 250–650 ms. With a
 * pause, the requests that arrived meanwhile finish before the next statement. (It does not keep
 * a stopping process alive.)
 */
const PAUSE_MS = 1000;
const pauseBetweenStatements = () => sleep(PAUSE_MS, undefined, { ref: false });

/**
 * ANALYZE samples 300 rows per unit of this. PostgreSQL's default of 100 (30,000 rows) took 340–370
 * ms on a 200,000-row table in PGlite, where every request waits meanwhile; 10 (3,000 rows) took
 * 55–75 ms. The planner still learns each table's size, its most common values and a coarser
 * histogram: enough for this service's lookups by district, id and date.
 */
const STATISTICS_TARGET = 10;

/**
 * What a due table gets, one statement each (requests run between them): VACUUM, which cannot
 * share a statement, then ANALYZE with its sample size set for that statement only.
 */
const upkeepStatements = (table: DueTable) => [
  ...(table.vacuum ? [`vacuum ${table.name}`] : []),
  ...(table.analyze ? [`set local default_statistics_target = ${STATISTICS_TARGET}; analyze ${table.name}`] : []),
];

/** A table due for upkeep, and what it needs. */
type DueTable = { name: string; vacuum: boolean; analyze: boolean };

/**
 * The tables that autovacuum would work on now, by its own rules and default settings
 * (PostgreSQL's relation_needs_vacanalyze): dead rows past 50 + 20 % of the table, rows inserted
 * since the last vacuum past 1,000 + 20 % (so append-only tables get their visibility map and
 * frozen rows), transaction ids older than autovacuum_freeze_max_age (wraparound), and rows changed
 * since the last ANALYZE past 50 + 10 % (the planner's statistics). The most changed first. Also
 * what bench:backup waits on (no table left to analyze).
 */
export const DUE_TABLES_SQL = `
  with t as (
    select format('%I.%I', s.schemaname, s.relname) as name, greatest(c.reltuples, s.n_live_tup, 0) as size,
           s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as changed,
           age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint as wraparound
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where c.relkind in ('r', 'm')
  ), due as (
    select name, greatest(dead, inserted, changed) as weight,
           dead > 50 + 0.2 * size or inserted > 1000 + 0.2 * size or wraparound as "vacuum",
           changed > 50 + 0.1 * size as "analyze"
      from t
  )
  select name, "vacuum", "analyze" from due where "vacuum" or "analyze" order by weight desc`;

/**
 * What autovacuum does for a PostgreSQL server, for the embedded database: PGlite runs PostgreSQL
 * as a single backend, with no autovacuum. Without this, dead rows (the job queue's, list
 * versions', search documents' replaced rows) would pile up for good, and the planner's statistics
 * would stay as the last ANALYZE left them: after a district's first 200,000 messages it would
 * plan for a table of a few rows. One statement at a time, with a pause between two so that
 * requests run between them; the most changed table first; within a budget per run. The worker
 * calls it every minute on the embedded database only (lib/jobs/handlers.ts); it returns what it
 * did. `pause` is for tests.
 */
export async function maintainEmbeddedDatabase({ pause = pauseBetweenStatements }: { pause?: () => Promise<unknown> } = {}): Promise<DueTable[]> {
  let busyMs = 0;
  let statements = 0;
  const done: DueTable[] = [];
  for (const table of (await pool().query<DueTable>(DUE_TABLES_SQL)).rows) {
    // The rest waits for the next minute: a run's statements take its budget and one table's more at most.
    if (done.length && busyMs > RUN_BUDGET_MS) break;
    let ms = 0;
    try {
      // Simple queries (no parameters): VACUUM outside any transaction, ANALYZE and its setting in one implicit transaction.
      for (const statement of upkeepStatements(table)) {
        if (statements++) await pause();
        const started = performance.now();
        try {
          await pool().query(statement);
        } finally {
          const took = performance.now() - started;
          ms += took;
          busyMs += took;
        }
      }
    } catch (error) {
      // A table dropped meanwhile (a test's, a migration's) does not keep the others waiting.
      log.warn({ err: error, table: table.name }, "table upkeep failed");
      continue;
    }
    // Everything else waited meanwhile: a long one is worth an operator's notice, a quick one is not.
    log[ms >= SLOW_MS ? "info" : "debug"]({ table: table.name, vacuum: table.vacuum, analyze: table.analyze, ms: Math.round(ms) }, "table upkeep");
    done.push(table);
  }
  return done;
}
