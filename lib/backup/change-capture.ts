import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { isAlive } from "./write-archive";

/**
 * Which rows of the dumped tables change while the embedded database is read in slices
 * (embedded-dump.ts): triggers a backup attaches for its duration, writing each changed row's
 * key to _backup_changes (prisma/migrations/20261207210000_backup_change_capture). One backup
 * captures at a time; a capture whose process is gone (killed mid-way) is cleared by the next.
 */

/**
 * A capture this old is abandoned whatever its process id says: a restarted container may give
 * the same id to another process. (A dump's slices take minutes for the largest districts.)
 */
const ABANDONED_AFTER_HOURS = 6;

const ROW_TRIGGER = "_cas_backup_capture";
const TRUNCATE_TRIGGER = "_cas_backup_capture_truncate";

/** A table whose changes are captured: its name ("schema.table") and primary key columns. */
export type CapturedTable = { name: string; relation: string; key: string[] };

/** Another backup is capturing now: this one does not start, rather than spoil that one. */
export class BackupRunningError extends Error {}

/** What changed: per table, the keys (values joined by NUL) of changed rows, and the tables that were emptied. */
export type Changes = { keys: Map<string, Set<string>>; emptied: Set<string> };

export const keyOf = (values: string[]) => values.join("\0");

/** Attaches the triggers (in one transaction, before any slice is read) and returns the capture's id. */
export async function startCapture(client: pg.ClientBase, tables: CapturedTable[]): Promise<string> {
  const id = randomUUID();
  await client.query("begin");
  try {
    const { rows } = await client.query<{ id: string; pid: number; host: string; recent: boolean }>(
      `select id, pid, host, started_at > now() - interval '${ABANDONED_AFTER_HOURS} hours' as recent from _backup_capture`,
    );
    for (const other of rows) {
      if (other.recent && other.host === os.hostname() && isAlive(other.pid)) {
        throw new BackupRunningError(`another backup is running (process ${other.pid}); try again when it is done`);
      }
    }
    await dropTriggers(client);
    await client.query("delete from _backup_capture");
    await client.query("truncate _backup_changes");
    await client.query("insert into _backup_capture (id, pid, host) values ($1, $2, $3)", [id, process.pid, os.hostname()]);
    const statements = tables.flatMap((t) => [
      `create trigger ${ROW_TRIGGER} after insert or update or delete on ${t.relation} for each row execute function backup_capture_change(${[t.name, ...t.key].map((arg) => pg.escapeLiteral(arg)).join(", ")})`,
      `create trigger ${TRUNCATE_TRIGGER} after truncate on ${t.relation} for each statement execute function backup_capture_truncate(${pg.escapeLiteral(t.name)})`,
    ]);
    await client.query(statements.join(";\n"));
    await client.query("commit");
    return id;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/** Inside the closing transaction: the rows that changed since `id` began; throws if the capture is no longer this backup's. */
export async function readChanges(client: pg.ClientBase, id: string): Promise<Changes> {
  const own = await client.query<{ id: string }>("select id from _backup_capture");
  if (own.rows.length !== 1 || own.rows[0].id !== id) throw new Error("the backup's record of changed rows was taken over by another backup; try again");
  const { rows } = await client.query<{ tbl: string; key: string[] | null }>("select distinct tbl, key from _backup_changes");
  const changes: Changes = { keys: new Map(), emptied: new Set() };
  for (const { tbl, key } of rows) {
    if (!key) changes.emptied.add(tbl);
    else {
      let set = changes.keys.get(tbl);
      if (!set) changes.keys.set(tbl, (set = new Set()));
      set.add(keyOf(key));
    }
  }
  return changes;
}

/** Removes the triggers and the captured rows (inside the closing transaction, or after a failure). */
export async function stopCapture(client: pg.ClientBase) {
  await dropTriggers(client);
  await client.query("delete from _backup_capture");
  // Not DELETE: on a PostgreSQL server, rows that writers committed after the closing snapshot
  // would stay (they change nothing the dump holds: it is taken at that snapshot).
  await client.query("truncate _backup_changes");
}

/** Every capture trigger there is (a killed backup's too); a partition's copies go with its parent's. */
async function dropTriggers(client: pg.ClientBase) {
  const { rows } = await client.query<{ relation: string; name: string }>(
    "select tgrelid::regclass::text as relation, tgname as name from pg_trigger where tgname = any($1::text[]) and tgparentid = 0",
    [[ROW_TRIGGER, TRUNCATE_TRIGGER]],
  );
  if (rows.length) await client.query(rows.map((r) => `drop trigger if exists ${pg.escapeIdentifier(r.name)} on ${r.relation}`).join(";\n"));
}
