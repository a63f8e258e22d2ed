import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/<name>/migration.sql in order, each in its own transaction,
 * recorded in _cas_migrations with the SHA-256 of its SQL. An advisory lock makes concurrent
 * runners (two processes starting at once) wait for each other, so running it twice is harmless.
 * (`prisma migrate deploy` cannot run through the pg driver adapter: prisma/orm#27403.)
 *
 * A migration edited after it was applied would leave databases that ran the old text and
 * databases that run the new one with different schemas under the same name: the runner refuses
 * to start, naming it, rather than let them drift apart. A change goes in a new migration.
 */
const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
const LOCK_ID = 7_314_159;

/** The SHA-256 of a migration's SQL; line endings normalised, so a Windows checkout agrees. */
function checksumOf(sql: string) {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export async function migrate(connectionString: string, log: (line: string) => void = () => {}, dir = MIGRATIONS_DIR) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [LOCK_ID]);
    await client.query("create table if not exists _cas_migrations (name text primary key, applied_at timestamptz not null default now())");
    // Databases made before checksums were recorded have their rows without one.
    await client.query("alter table _cas_migrations add column if not exists checksum text");
    const recorded = new Map(
      (await client.query<{ name: string; checksum: string | null }>("select name, checksum from _cas_migrations")).rows.map((r) => [r.name, r.checksum]),
    );
    const migrations = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
      .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8") }))
      .map((m) => ({ ...m, checksum: checksumOf(m.sql) }));

    const edited = migrations.filter((m) => recorded.has(m.name) && recorded.get(m.name) !== null && recorded.get(m.name) !== m.checksum);
    if (edited.length) {
      throw new Error(
        `Applied migration${edited.length > 1 ? "s" : ""} edited since: ${edited.map((m) => m.name).join(", ")}. ` +
          "Restore the applied text and put the change in a new migration.",
      );
    }
    // Trust on first use: a row without a checksum (recorded before checksums were) takes the
    // checksum of the file as it is now, and is held to it from then on.
    for (const m of migrations) {
      if (recorded.has(m.name) && recorded.get(m.name) === null) {
        await client.query("update _cas_migrations set checksum = $2 where name = $1", [m.name, m.checksum]);
      }
    }

    const applied: string[] = [];
    for (const { name, sql, checksum } of migrations) {
      if (recorded.has(name)) continue;
      await client.query("begin");
      try {
        await client.query(sql);
        await client.query("insert into _cas_migrations (name, checksum) values ($1, $2)", [name, checksum]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
      log(`applied migration ${name}`);
    }
    return applied;
  } finally {
    await client.query("select pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
