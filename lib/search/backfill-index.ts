import "server-only";
import type { Tx } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/pool";

/**
 * The version of what the index holds: raise it when the documents change shape (a new kind,
 * another text), and the workers queue "search-backfill" once to index every row again.
 */
export const SEARCH_INDEX_VERSION = 1;

/** Rows re-indexed per statement (each batch is its own transaction). */
const BATCH = 500;

type Batch = { last: string | null; n: number };
type Args = [districtId: string, after: string, size: number];

/**
 * One batch of a district's rows of each source table after `after` (by id), indexed by the
 * migration's search_index_* functions: the batch's last id (null when there were none) and size.
 * The rows are locked (FOR SHARE) for the batch's moment: a change to one of them waits, and is
 * indexed after, never overwritten by the batch's older reading of it.
 */
const SOURCES: Array<(args: Args) => Promise<Batch[]>> = [
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from people where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_people(array(select id from b)), (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from interviews where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_interviews(array(select id from b)), (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from audio_recordings where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_recordings(array(select id from b)), search_queue_transcripts(array(select id from b)),
              (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from messages where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_messages(array(select id from b)), search_index_translations(array(select id from b)),
              (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from person_files where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_person_files(array(select id from b)), (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
  (args) =>
    sqlRows<Batch>(
      `with b as (select id from interview_files where district_id = $1 and id > $2 order by id limit $3 for share)
       select search_index_interview_files(array(select id from b)), (select max(id) from b) as last, (select count(*)::int from b) as n`,
      args,
    ),
];

/** The version the index was last filled to (0: never). */
export async function indexedVersion(): Promise<number> {
  const [row] = await sqlRows<{ version: number }>("select version from search_index_state where name = 'documents'");
  return row?.version ?? 0;
}

/** Every row of one district indexed again, source by source, in batches; the number of rows. */
export async function backfillDistrict(districtId: string): Promise<number> {
  let rows = 0;
  for (const source of SOURCES) {
    for (let after = ""; ;) {
      const [batch] = await source([districtId, after, BATCH]);
      if (!batch?.last) break;
      after = batch.last;
      rows += batch.n;
    }
  }
  return rows;
}

/**
 * The "search-backfill" job: every row of every district indexed again, district by district
 * (the triggers keep rows written meanwhile indexed); transcripts are queued for their own jobs.
 * Run again after a failure, it starts over (indexing is idempotent); a job for a version
 * already filled does nothing.
 */
export async function backfillSearchIndex(data: { version: number }) {
  if ((await indexedVersion()) >= data.version) return { skipped: true };
  const districts = await sqlRows<{ id: string }>("select id from districts order by id");
  let rows = 0;
  for (const { id } of districts) rows += await backfillDistrict(id);
  await recordIndexedVersion(data.version);
  return { districts: districts.length, rows };
}

const RECORD_VERSION = `insert into search_index_state (name, version, updated_at) values ('documents', $1, now())
  on conflict (name) do update set version = greatest(search_index_state.version, excluded.version), updated_at = now()`;

/** Records that the index holds every row as `version` shapes them (never lowering it). */
async function recordIndexedVersion(version: number) {
  await sqlRows(RECORD_VERSION, [version]);
}

/**
 * Called in the transaction that creates a district, before it does: the first district of a
 * database (a fresh install's demo, an operator's first) has every row it will ever hold indexed
 * by the triggers as the row is written, so the index is recorded as filled to this code's
 * version and the workers queue no "search-backfill" to read it all again. Otherwise a district
 * seeded or imported right after start was re-indexed as a whole, holding the embedded database
 * for minutes. A database that had districts before the index existed is not touched here.
 */
export async function recordIndexFilledIfFirstDistrict(tx: Tx) {
  if (await tx.district.findFirst({ select: { id: true } })) return;
  await tx.$executeRawUnsafe(RECORD_VERSION, SEARCH_INDEX_VERSION);
}
