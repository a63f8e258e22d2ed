import "server-only";
import { LRUCache } from "lru-cache";
import { sqlRows } from "@/lib/db/pool";
import type { JsonDocument } from "@/lib/http/json-document";
import { encodeCursor, type CursorKey, type Page } from "@/lib/http/page-params";
import { bodyOf, gzipOf, patchBlocks, positionOf, sliceRows, toBlocks, type Block } from "./list-blocks";

/**
 * A district-wide list kept as an encoded copy in each process, shared by every caller who sees
 * all of it, and brought up to date with only the rows that changed.
 *
 * Triggers bump the district's `<list>_version` on every change to the list's table and note the
 * changed rows in `list_changes`, in the same transaction (prisma/migrations/*_list_changes). Each
 * read asks for the version; when it moved, ONE statement returns the current version and, in the
 * same snapshot, the rows changed since the copy's version; those that moved (see the migration)
 * come with their rank (how many list rows sort before it). The copy changes the others in place, drops the moved
 * ones and puts back those still in the list at their ranks, in rank order, which keeps it
 * sorted exactly as the database sorts; only the changed rows are serialised, and
 * only the blocks of rows they fall in are joined and compressed again (list-blocks.ts).
 * Many changes at once, or a copy older than what list_changes keeps, mean a whole rebuild.
 *
 * Within a process, reads of one list go one statement at a time: readers that arrive while one
 * is out share the next one, which starts after they arrived and so sees what they wrote.
 */
export type ListSource<Row> = {
  /** The list: its table, `districts.<list>_version` and `list_changes.list`. */
  list: "people" | "interviews";
  /** Which copy (e.g. active people only, or all). */
  variant: string;
  /** Columns of table alias `p` as `Row` expects them. */
  columns: string;
  /** The rows in this list, on the given table alias. */
  filter: (alias: string) => string;
  /** Row `q` sorts before row `p` (the list's ORDER BY as a row comparison). */
  before: string;
  /** ORDER BY on alias `p`. */
  order: string;
  serialize: (row: Row) => unknown;
  /** A serialised row's sort key, which a page's cursor carries. */
  keyOf: (serialized: never) => CursorKey;
  /** Rows of alias `p` after `key` in the list's order (keyset paging), the key's values added with `p`. */
  after: (key: CursorKey, p: (value: unknown) => string) => string;
};

type Copy = {
  version: bigint;
  blocks: readonly Block[];
  count: number;
  body?: Buffer;
  gzip?: Buffer;
};

/** More changed rows than this: a rebuild costs less than ranking each. */
const MAX_PATCHED_ROWS = 256;
/** How many versions list_changes keeps (the triggers prune older ones: migration *_list_changes). */
const KEPT_VERSIONS = BigInt(1024);

// Bounded by bytes (about twice the JSON: the rows, and the body once asked for); least recently used copies go first.
const copies = new LRUCache<string, Copy>({
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (c) => Math.max(1, c.blocks.reduce((sum, b) => sum + b.plain().length, 0) * 2),
});
const queues = new Map<string, { running: Promise<Copy>; next?: Promise<Copy> }>();

export const encodeJson = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const encodeRow = <Row>(source: ListSource<Row>, row: Row) => Buffer.from(JSON.stringify(source.serialize(row)));

async function rebuild<Row>(source: ListSource<Row>, districtId: string): Promise<Copy> {
  // The version and the rows in one statement: one snapshot.
  const rows = await sqlRows<Row & { __version: string; __id: string | null }>(
    `select d.${source.list}_version::text as "__version", p.id as "__id", ${source.columns}
       from districts d left join ${source.list} p on p.district_id = d.id and ${source.filter("p")}
      where d.id = $1 order by ${source.order}`,
    [districtId],
  );
  const ids: string[] = [];
  const encoded: Buffer[] = [];
  for (const row of rows) {
    if (row.__id === null) continue;
    ids.push(row.__id);
    encoded.push(encodeRow(source, row));
  }
  return { version: BigInt(rows[0]?.__version ?? 0), blocks: toBlocks(ids, encoded), count: ids.length };
}

type ChangeRow = { __version: string; __changed: string; __row: string | null; __moved: boolean | null; __id: string | null; __rank: string | null };

/** The copy brought to the current version from the changed rows alone, or null when a rebuild is due. */
async function patch<Row>(source: ListSource<Row>, districtId: string, copy: Copy): Promise<Copy | null> {
  // Most reads find nothing changed: the version alone says so, and that statement costs the
  // database a fraction of the one below (on the embedded database about 0.5 against 1.7 ms of
  // CPU, both prepared). Its snapshot is as new as the one below would be, so the copy is current
  // as of it.
  const [current] = await sqlRows<{ version: string }>(`select ${source.list}_version::text as version from districts where id = $1`, [districtId]);
  if (!current) return null; // the district is gone
  if (BigInt(current.version) === copy.version) return copy;
  const rows = await sqlRows<Row & ChangeRow>(
    `with v as (select ${source.list}_version as version from districts where id = $1),
          c as (select row_id, bool_or(moved) as moved from list_changes where district_id = $1 and list = '${source.list}' and version > $2 group by row_id),
          n as (select count(*) as changed from c)
     select v.version::text as "__version", n.changed::text as "__changed", c.row_id as "__row", c.moved as "__moved", p.id as "__id",
            case when p.id is not null and c.moved then (select count(*) from ${source.list} q where q.district_id = $1 and ${source.filter("q")} and ${source.before}) end::text as "__rank",
            ${source.columns}
       from v cross join n
       left join c on n.changed <= ${MAX_PATCHED_ROWS}
       left join ${source.list} p on p.id = c.row_id and p.district_id = $1 and ${source.filter("p")}`,
    [districtId, copy.version.toString()],
  );
  const first = rows[0];
  if (!first) return null; // the district is gone
  const version = BigInt(first.__version);
  if (Number(first.__changed) > MAX_PATCHED_ROWS || version - copy.version > KEPT_VERSIONS || version < copy.version) return null;
  // Rows that moved (or left) come out and go back at their ranks; the others change in place.
  const moved = new Set(rows.flatMap((r) => (r.__row && r.__moved ? [r.__row] : [])));
  const inserted = rows
    .filter((r) => r.__id !== null && r.__moved)
    .map((r) => ({ id: r.__id!, row: encodeRow(source, r), rank: Number(r.__rank) }))
    .sort((a, b) => a.rank - b.rank);
  const replaced = new Map(rows.filter((r) => r.__id !== null && !r.__moved).map((r) => [r.__id!, encodeRow(source, r)]));
  // A rank outside the list, or a row in place that is not there, cannot happen in one snapshot: rebuilt rather than trusted.
  const blocks = patchBlocks(copy.blocks, { removed: moved, inserted, replaced });
  if (!blocks) return null;
  return { version, blocks, count: blocks.reduce((sum, b) => sum + b.ids.length, 0) };
}

async function refresh<Row>(source: ListSource<Row>, districtId: string, key: string): Promise<Copy> {
  const current = copies.get(key);
  const next = (current && (await patch(source, districtId, current))) ?? (await rebuild(source, districtId));
  if (next !== current) copies.set(key, next);
  return next;
}

/** The copy as of a statement sent after this call: shared with the other readers arriving meanwhile. */
function upToDate<Row>(source: ListSource<Row>, districtId: string, key: string): Promise<Copy> {
  const queue = queues.get(key);
  if (!queue) {
    const entry: { running: Promise<Copy>; next?: Promise<Copy> } = { running: refresh(source, districtId, key) };
    queues.set(key, entry);
    const done = () => {
      if (queues.get(key) === entry && !entry.next) queues.delete(key);
    };
    entry.running.then(done, done);
    return entry.running;
  }
  // One is out already, sent before this reader came: the next one is sent when it is back.
  queue.next ??= queue.running
    .catch(() => undefined)
    .then(() => {
      queues.delete(key);
      return upToDate(source, districtId, key);
    });
  return queue.next;
}

/**
 * GET of a district-wide list: the shared copy, current as of this request, with its ETag (the
 * version, the same in every process) and its gzip (made once per version, from the blocks'
 * deflated pieces: only the blocks a change touched are compressed again).
 */
export async function cachedDistrictList<Row>(districtId: string, source: ListSource<Row>): Promise<JsonDocument> {
  const key = `${source.list}:${districtId}:${source.variant}`;
  const copy = await upToDate(source, districtId, key);
  return {
    // Joined only for a caller that does not take gzip.
    get body() {
      return (copy.body ??= bodyOf(copy.blocks));
    },
    etag: `W/"${key}:${copy.version}"`,
    gzip: async () => (copy.gzip ??= gzipOf(copy.blocks)),
  };
}

const sameKey = (a: CursorKey, b: CursorKey) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * A page of the shared copy: from the start, or after the cursor's row when that row is still
 * in the copy with the same key. Null when it is not (moved or gone): the caller then pages in
 * the database, by key.
 */
export async function cachedDistrictPage<Row>(districtId: string, source: ListSource<Row>, page: Page): Promise<JsonDocument | null> {
  const key = `${source.list}:${districtId}:${source.variant}`;
  const copy = await upToDate(source, districtId, key);
  const keyAt = (position: number) => source.keyOf(JSON.parse(sliceRows(copy.blocks, position, 1).rows[0].toString("utf8")) as never);
  let start = 0;
  if (page.cursor) {
    const id = page.cursor[page.cursor.length - 1];
    const at = typeof id === "string" ? positionOf(copy.blocks, id) : -1;
    if (at < 0 || !sameKey(keyAt(at), page.cursor)) return null;
    start = at + 1;
  }
  const { rows } = sliceRows(copy.blocks, start, page.limit);
  const more = start + rows.length < copy.count;
  const parts: Buffer[] = [Buffer.from("[")];
  rows.forEach((row, i) => parts.push(...(i ? [Buffer.from(","), row] : [row])));
  parts.push(Buffer.from("]"));
  return { body: Buffer.concat(parts), nextCursor: more && rows.length ? encodeCursor(keyAt(start + rows.length - 1)) : undefined };
}

/**
 * A page read in the database, by key: rows of alias `p` matching `where` (which carries the
 * district and the caller's visibility), after the cursor, `limit` of them and one more to tell
 * whether a next page exists.
 */
export async function databasePage<Row>(source: ListSource<Row>, where: string, values: unknown[], page: Page): Promise<JsonDocument> {
  const p = (value: unknown) => `$${values.push(value)}`;
  const after = page.cursor ? ` and ${source.after(page.cursor, p)}` : "";
  const rows = await sqlRows<Row & Record<string, unknown>>(
    `select ${source.columns} from ${source.list} p where ${where}${after} order by ${source.order} limit ${page.limit + 1}`,
    values,
  );
  const serialized = rows.slice(0, page.limit).map(source.serialize);
  const last = serialized[serialized.length - 1];
  return { body: encodeJson(serialized), nextCursor: rows.length > page.limit && last ? encodeCursor(source.keyOf(last as never)) : undefined };
}
