import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { deleteChunks } from "./delete-chunks";

/** Recordings handled per run: a run stays short; the next one continues. */
const LIMIT = 500;
/** What a recording being swept is marked with (its `storage_key`), so that captures are refused meanwhile. */
const SWEEPING = "(sweeping)";

export type SweepResult = { abandoned: number; leftovers: number };

/**
 * Removes what recording sessions left behind, across all districts:
 *  - sessions never finalized whose last chunk is older than CHUNK_TTL_HOURS: marked (captures
 *    get 409 from then on), their chunks' bytes and rows deleted, then the session itself;
 *  - chunks of recordings finalized over 15 minutes ago that a finalize stopped by a crash did
 *    not clean up (a retry of that finalize would too; the delay keeps clear of one under way).
 * Safe to run from several processes at once and to stop at any point. Runs as the cron job
 * "chunks-sweep" (lib/jobs/handlers.ts jobSchedules), once per cluster every 15 minutes.
 */
export async function sweepStaleChunks(ttlHours = env().CHUNK_TTL_HOURS): Promise<SweepResult> {
  const ttlMs = Math.round(ttlHours * 3_600_000);
  const stale = await db().$queryRaw<{ id: string; district_id: string }[]>`
    -- all districts: the TTL sweep is maintenance; each recording found is then handled in its own district
    select id, district_id from audio_recordings
     where finalized_at is null and updated_at < now() - ${ttlMs} * interval '1 millisecond'
     order by updated_at limit ${LIMIT}`;
  let abandoned = 0;
  for (const { id, district_id: districtId } of stale) {
    // Marked only if still stale (a chunk or a finalize may have come meanwhile).
    const marked = await db().$executeRaw`
      update audio_recordings set storage_key = ${SWEEPING}
       where id = ${id} and district_id = ${districtId} and finalized_at is null and updated_at < now() - ${ttlMs} * interval '1 millisecond'`;
    if (!marked) continue;
    await deleteChunks(districtId, id);
    abandoned += await db().$executeRaw`
      delete from audio_recordings where id = ${id} and district_id = ${districtId} and finalized_at is null and storage_key = ${SWEEPING}`;
  }
  const finished = await db().$queryRaw<{ recording_id: string; district_id: string }[]>`
    -- all districts: leftover chunks are maintenance; each recording found is then handled in its own district
    select distinct c.recording_id, c.district_id from audio_chunks c
      join audio_recordings r on r.id = c.recording_id and r.district_id = c.district_id
     where r.finalized_at is not null and r.updated_at < now() - interval '15 minutes' limit ${LIMIT}`;
  for (const { recording_id: id, district_id: districtId } of finished) await deleteChunks(districtId, id);
  return { abandoned, leftovers: finished.length };
}
