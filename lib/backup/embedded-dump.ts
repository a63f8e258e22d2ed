import "server-only";
import { once } from "node:events";
import fs from "node:fs";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { keyOf, readChanges, startCapture, stopCapture, type Changes } from "./change-capture";

/**
 * The embedded database's data, dumped while the service goes on (dump-database.ts gives the
 * why). PGlite serves one transaction at a time, so one snapshot read in one transaction held
 * every request back for as long as the read took (seconds for a large district). Instead:
 *
 * 1. triggers start recording the key of every row that changes (change-capture.ts);
 * 2. each table is read in slices of SLICE_PAGES pages (by `ctid`), each its own short statement,
 *    into a scratch file, with a pause as long as the slice after each: requests run between them;
 * 3. one short closing transaction reads the rows that changed, as they are now, and whatever else
 *    the archive needs from that moment (the caller's `inClosing`), and removes the triggers;
 * 4. the dump is written from the scratch file, leaving out the sliced copies of changed rows
 *    and adding their closing versions.
 *
 * A row that did not change was the same when its slice read it as at the close; a changed one
 * is taken at the close, or left out if gone. So the dump is the database as the closing
 * transaction saw it, as consistent as one snapshot. (Live rows do not move between pages
 * without changing: VACUUM leaves them where they are.)
 */

/** 512 KB of a table per statement: a few milliseconds of the one session. */
const SLICE_PAGES = 64;

export type DumpTable = { schema: string; name: string; columns: string[] };

type Range = { start: number; end: number; rows: number };
type Plan = DumpTable & {
  /** "schema.table", as the manifest and the capture name it. */
  full: string;
  /** Quoted, for SQL. */
  relation: string;
  key: string[];
  keyTypes: string[];
  /** The relations that hold its rows: itself, or its partitions. */
  leaves: string[];
  sliced: Range[];
  /** The keys of its rows that changed meanwhile: their sliced copies are left out. */
  changed?: Set<string>;
  /** What the closing transaction read of it: the changed rows, or the whole table. */
  closing?: Range & { whole: boolean };
};

const quote = (name: string) => pg.escapeIdentifier(name);

/** Where the slices are written meanwhile, counting bytes (each range's offsets). */
class Scratch {
  private out: fs.WriteStream;
  bytes = 0;
  constructor(readonly file: string) {
    this.out = fs.createWriteStream(file, { flags: "wx" });
  }
  async copy(client: pg.ClientBase, sql: string): Promise<Range> {
    const start = this.bytes;
    const stream = client.query(copyTo(sql));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      if (!this.out.write(chunk)) await once(this.out, "drain");
    }
    return { start, end: this.bytes, rows: stream.rowCount };
  }
  async close() {
    this.out.end();
    await once(this.out, "close");
  }
  destroy() {
    this.out.destroy();
  }
  read(range: Range) {
    return fs.createReadStream(this.file, { start: range.start, end: range.end - 1 });
  }
}

/**
 * Of each relation (quoted names, in order), the relations that hold its rows (its partitions, or
 * itself), and its primary key's columns and their types.
 */
async function describe(client: pg.ClientBase, relations: string[]) {
  const { rows } = await client.query<{ key: string[] | null; key_types: string[] | null; leaves: string[] }>(
    `select k.key, k.key_types,
            case when c.relkind = 'p' then (select array_agg(p.relid::regclass::text order by p.relid) from pg_partition_tree(c.oid) p where p.isleaf)
                 else array[c.oid::regclass::text] end as leaves
       from unnest($1::text[]) with ordinality r(relation, ord) join pg_class c on c.oid = r.relation::regclass
       left join lateral (
         select array_agg(a.attname::text order by u.ord) as key, array_agg(format_type(a.atttypid, a.atttypmod) order by u.ord) as key_types
           from pg_index i cross join lateral unnest(i.indkey) with ordinality u(attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.attnum
          where i.indrelid = c.oid and i.indisprimary) k on true
      order by r.ord`,
    [relations],
  );
  return rows;
}

async function plan(client: pg.ClientBase, tables: DumpTable[]): Promise<Plan[]> {
  const relations = tables.map((t) => `${quote(t.schema)}.${quote(t.name)}`);
  const rows = await describe(client, relations);
  return tables.map((t, i) => ({
    ...t,
    full: `${t.schema}.${t.name}`,
    relation: relations[i],
    key: rows[i].key ?? [],
    keyTypes: rows[i].key_types ?? [],
    leaves: rows[i].leaves ?? [],
    sliced: [],
  }));
}

/** Each leaf of a keyed table, SLICE_PAGES at a time, each slice its own statement. */
async function readSlices(client: pg.ClientBase, p: Plan, scratch: Scratch, slicePages: number) {
  const columns = p.columns.map(quote).join(", ");
  for (const leaf of p.leaves) {
    const { rows } = await client.query<{ pages: number }>("select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages", [
      leaf,
    ]);
    for (let from = 0; from < rows[0].pages; from += slicePages) {
      // Every district's rows, a range of pages at a time. Reviewed in tests/architecture/district-scoped-sql.test.ts.
      const sql = ["COPY (select", columns, "from only", leaf, `where ctid >= '(${from},0)'::tid and ctid < '(${from + slicePages},0)'::tid) TO STDOUT`];
      const started = performance.now();
      p.sliced.push(await scratch.copy(client, sql.join(" ")));
      // The session back to the service for as long as the slice held it: requests that came
      // meanwhile run before the next one, and the service keeps at least half of its time.
      await sleep(performance.now() - started);
    }
  }
}

/**
 * In the closing transaction: a table's changed rows as they are now, or the whole table when it
 * has no key, was emptied or lost a partition (`leavesNow`: the relations holding its rows now).
 */
async function readClosing(client: pg.ClientBase, p: Plan, leavesNow: string[], changes: Changes, scratch: Scratch) {
  const columns = p.columns.map((c) => `t.${quote(c)}`).join(", ");
  const lostLeaf = p.leaves.some((leaf) => !leavesNow.includes(leaf));
  if (!p.key.length || changes.emptied.has(p.full) || lostLeaf) {
    p.closing = { ...(await scratch.copy(client, ["COPY (select", columns, "from", p.relation, "t) TO STDOUT"].join(" "))), whole: true };
    return;
  }
  p.changed = changes.keys.get(p.full);
  if (!p.changed) return;
  const match = p.key.map((k, i) => `t.${quote(k)} = (c.key[${i + 1}])::${p.keyTypes[i]}`).join(" and ");
  const changed = `(select distinct key from _backup_changes where tbl = ${pg.escapeLiteral(p.full)} and key is not null)`;
  p.closing = {
    ...(await scratch.copy(client, ["COPY (select", columns, "from", p.relation, "t join", changed, "c on", match, ") TO STDOUT"].join(" "))),
    whole: false,
  };
}

/** A COPY text field as its value: the escapes COPY TO writes. */
function decodeField(field: string) {
  if (!field.includes("\\")) return field;
  const escapes: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" };
  return field.replace(/\\(.)/g, (_, c: string) => escapes[c] ?? c);
}

/** Copies a range's rows to `out`, leaving out those whose key is in `skip`; returns how many it kept. */
async function filterRows(input: Readable, keyColumns: number[], skip: Set<string>, out: Writable) {
  let carry = "";
  let kept = 0;
  const lastColumn = Math.max(...keyColumns);
  const text = new StringDecoder("utf8");
  for await (const chunk of input as AsyncIterable<Buffer>) {
    const lines = (carry + text.write(chunk)).split("\n");
    carry = lines.pop()!;
    const keep: string[] = [];
    for (const line of lines) {
      const fields = line.split("\t", lastColumn + 1);
      if (skip.has(keyOf(keyColumns.map((c) => decodeField(fields[c]))))) continue;
      keep.push(line, "\n");
      kept++;
    }
    if (keep.length && !out.write(keep.join(""))) await once(out, "drain");
  }
  if (carry) throw new Error("a table's rows ended without a newline in the backup's scratch file");
  return kept;
}

/**
 * Dumps `tables` into `out` as COPY blocks (pg_dump's text format), by way of `scratchFile`;
 * `inClosing` runs inside the closing transaction (what else the archive reads at that moment).
 * Returns each table's row count.
 */
export async function dumpEmbeddedTables(
  client: pg.ClientBase,
  tables: DumpTable[],
  out: Writable,
  options: { scratchFile: string; header: () => string; inClosing: () => Promise<void>; slicePages?: number },
): Promise<Record<string, number>> {
  const plans = await plan(client, tables);
  const keyed = plans.filter((p) => p.key.length);
  const captureId = await startCapture(
    client,
    keyed.map((p) => ({ name: p.full, relation: p.relation, key: p.key })),
  );
  const scratch = new Scratch(options.scratchFile);
  let captured = true;
  try {
    for (const p of keyed) await readSlices(client, p, scratch, options.slicePages ?? SLICE_PAGES);
    await client.query("begin isolation level repeatable read");
    try {
      const changes = await readChanges(client, captureId);
      await options.inClosing();
      const now = await describe(
        client,
        plans.map((p) => p.relation),
      );
      for (const [i, p] of plans.entries()) await readClosing(client, p, now[i].leaves ?? [], changes, scratch);
      await stopCapture(client);
      await client.query("commit");
      captured = false;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
    await scratch.close();
    return await writeDump(plans, scratch, out, options.header());
  } finally {
    scratch.destroy();
    if (captured) await stopCapture(client).catch(() => {});
    await fs.promises.rm(options.scratchFile, { force: true });
  }
}

/** The dump itself: each table's sliced rows (less the changed ones), then its closing rows. */
async function writeDump(plans: Plan[], scratch: Scratch, out: Writable, header: string) {
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(header);
  const rows: Record<string, number> = {};
  for (const p of plans) {
    await write(`\nCOPY ${p.relation} (${p.columns.map(quote).join(", ")}) FROM stdin;\n`);
    let count = 0;
    const keyColumns = p.key.map((k) => p.columns.indexOf(k));
    for (const range of p.closing?.whole ? [] : p.sliced) {
      if (range.end === range.start) continue;
      if (p.changed) count += await filterRows(scratch.read(range), keyColumns, p.changed, out);
      else {
        await pipeline(scratch.read(range), out, { end: false });
        count += range.rows;
      }
    }
    if (p.closing && p.closing.end > p.closing.start) await pipeline(scratch.read(p.closing), out, { end: false });
    count += p.closing?.rows ?? 0;
    await write("\\.\n");
    rows[p.full] = count;
  }
  return rows;
}
