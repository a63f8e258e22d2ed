import { afterAll, beforeAll, expect, it } from "vitest";
import { useOwnService } from "../../tests/helpers/own-service";
import { maintainEmbeddedDatabase } from "./embedded-maintenance";
import { pool } from "./pool";

/**
 * The embedded database's stand-in for autovacuum, on a database of this file's own. Its tables
 * are made with autovacuum off, so that on PostgreSQL the server's own does not do the work first.
 */

let close: () => Promise<void>;

/** Upkeep without its pauses between statements (seconds each), as the tests run it; with them counted. */
let pauses = 0;
const upkeep = () => maintainEmbeddedDatabase({ pause: async () => void pauses++ });

type Stats = { dead: number; changed: number; vacuumed: boolean; analyzed: boolean; tuples: number };
const statsOf = async (table: string) =>
  (
    await pool().query<Stats>(
      `select s.n_dead_tup::int as dead, s.n_mod_since_analyze::int as changed, s.last_vacuum is not null as vacuumed,
              s.last_analyze is not null as analyzed, c.reltuples::int as tuples
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
      [table],
    )
  ).rows[0];

/** A backend's statistics reach the shared counters once it is idle (on PostgreSQL within 10 s): asked until they show `ready`. */
async function statsWhen(table: string, ready: (s: Stats) => boolean) {
  for (let i = 0; i < 150; i++) {
    const stats = await statsOf(table);
    if (stats && ready(stats)) return stats;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the statistics of ${table} never showed what was done to it`);
}

beforeAll(async () => {
  close = (await useOwnService("db-upkeep")).close;
  await pool().query("create table upkeep_churned (id int primary key, note text) with (autovacuum_enabled = false)");
  await pool().query("create table upkeep_quiet (id int primary key, note text) with (autovacuum_enabled = false)");
  await pool().query("insert into upkeep_quiet select g, 'row ' || g from generate_series(1, 1000) g");
  // Counted first, so that the count does not land after the ANALYZE has reset it.
  await statsWhen("upkeep_quiet", (s) => s.changed >= 1000);
  await pool().query("analyze upkeep_quiet");
  await pool().query("insert into upkeep_churned select g, 'row ' || g from generate_series(1, 2000) g");
  await pool().query("update upkeep_churned set note = note || ' again' where id <= 1500");
  await pool().query("delete from upkeep_churned where id > 1700");
  await pool().query("update upkeep_quiet set note = 'changed' where id <= 10");
}, 180_000);

afterAll(async () => close?.());

it("vacuums and analyzes a table past autovacuum's thresholds, and leaves one below them", async () => {
  await statsWhen("upkeep_churned", (s) => s.dead >= 1800);
  await statsWhen("upkeep_quiet", (s) => s.changed >= 10);
  expect(await statsOf("upkeep_churned")).toMatchObject({ vacuumed: false, analyzed: false });

  pauses = 0;
  const done = await upkeep();
  expect(done).toContainEqual({ name: "public.upkeep_churned", vacuum: true, analyze: true });
  // One statement at a time, a pause between two: requests on the embedded database run in between.
  const statements = done.reduce((n, t) => n + Number(t.vacuum) + Number(t.analyze), 0);
  expect(pauses).toBe(statements - 1);
  expect(done.map((t) => t.name)).not.toContain("public.upkeep_quiet");

  // The dead rows are gone and the planner knows the table's size (1,700 live rows).
  const after = await statsWhen("upkeep_churned", (s) => s.vacuumed && s.analyzed);
  expect(after).toMatchObject({ dead: 0, changed: 0, tuples: 1700 });
  expect(await statsOf("upkeep_quiet")).toMatchObject({ vacuumed: false, changed: 10 });

  // Its statistics come from a sample of 3,000 rows (a histogram of 10 buckets at most), and the
  // setting that said so was the ANALYZE's alone: on the embedded database every connection shares one session.
  const { rows } = await pool().query<{ bounds: number }>(
    "select array_length(histogram_bounds, 1) as bounds from pg_stats where tablename = 'upkeep_churned' and attname = 'note'",
  );
  expect(rows[0].bounds).toBeGreaterThan(1);
  expect(rows[0].bounds).toBeLessThanOrEqual(11);
  expect((await pool().query<{ target: string }>("select current_setting('default_statistics_target') as target")).rows[0].target).toBe("100");

  // Once done, the table is not due again.
  expect((await upkeep()).map((t) => t.name)).not.toContain("public.upkeep_churned");
}, 90_000);

it("analyzes, without vacuuming, a table that only grew", async () => {
  await pool().query("insert into upkeep_quiet select g, 'new ' || g from generate_series(1001, 1200) g");
  await statsWhen("upkeep_quiet", (s) => s.changed >= 210);
  const done = await upkeep();
  expect(done).toContainEqual({ name: "public.upkeep_quiet", vacuum: false, analyze: true });
  expect(await statsWhen("upkeep_quiet", (s) => s.changed === 0)).toMatchObject({ vacuumed: false, tuples: 1200 });
}, 90_000);
