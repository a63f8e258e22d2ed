import "server-only";
import { sqlRows } from "@/lib/db/pool";
import { transactionWithJobs } from "@/lib/jobs/enqueue";

/** Recordings handed to "search-index-recording" jobs per round of the upkeep (lib/search/index-upkeep.ts). */
const PENDING_BATCH = 100;

/**
 * The "search-index-recording" job: the recording's transcript, in passages of about 30 s,
 * made again from its segments as they are now (the migration's search_index_transcript). The
 * recording is locked against deletion meanwhile; a recording deleted before the job runs
 * leaves nothing behind (its documents went with it).
 */
export async function indexRecordingTranscript(data: { districtId: string; recordingId: string }) {
  const [row] = await sqlRows<{ passages: number }>("select search_index_transcript($1) as passages", [data.recordingId]);
  return { passages: row?.passages ?? 0 };
}

/**
 * Hands the recordings whose transcript changed (search_pending, written by triggers) to jobs:
 * one per recording, queued with the removal of its pending row (a second change while its job
 * is queued joins that job). Safe in many processes at once: each takes its own rows.
 */
export async function queuePendingTranscripts(districtIds?: string[]) {
  let queued = 0;
  for (const districtId of districtIds ?? (await districtsWithPending())) {
    queued += await transactionWithJobs(async (tx, enqueue) => {
      const rows = await tx.$queryRaw<{ recording_id: string }[]>`
        delete from search_pending where district_id = ${districtId} and recording_id in (
          select s.recording_id from search_pending s where s.district_id = ${districtId} order by s.queued_at limit ${PENDING_BATCH} for update skip locked)
        returning recording_id`;
      for (const { recording_id } of rows) {
        await enqueue("search-index-recording", { districtId, recordingId: recording_id }, { singletonKey: recording_id });
      }
      return rows.length;
    });
  }
  return queued;
}

/** Districts with recordings waiting (a few: the upkeep runs every few seconds). */
async function districtsWithPending() {
  const rows = await sqlRows<{ id: string }>("select d.id from districts d where exists (select 1 from search_pending s where s.district_id = d.id)");
  return rows.map((r) => r.id);
}
