import "server-only";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/<name>/migration.sql in order, each in its own transaction,
 * recorded in _cas_migrations. An advisory lock makes concurrent runners (two processes
 * starting at once) wait for each other, so running it twice is harmless.
 * (`prisma migrate deploy` cannot run through the pg driver adapter: prisma/orm#27403.)
 */
const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
const LOCK_ID = 7_314_159;

export async function migrate(connectionString: string, log: (line: string) => void = () => {}) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      "create table if not exists _cas_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set((await client.query<{ name: string }>("select name from _cas_migrations")).rows.map((r) => r.name));
    const names = fs
      .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const applied: string[] = [];
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      await client.query("begin");
      try {
        await client.query(sql);
        await client.query("insert into _cas_migrations (name) values ($1)", [name]);
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
