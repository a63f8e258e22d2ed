import "server-only";
import { Prisma, type Tx } from "@/lib/db/client";

/** A district's retention periods in days (null: forever), as stored on its row. */
export type RetentionDays = { recordings: number | null; archivedPeople: number | null; messages: number | null };

export const retentionSelect = { retentionRecordingsDays: true, retentionArchivedPeopleDays: true, retentionMessagesDays: true } as const;

export const daysOf = (d: {
  retentionRecordingsDays: number | null;
  retentionArchivedPeopleDays: number | null;
  retentionMessagesDays: number | null;
}): RetentionDays => ({
  recordings: d.retentionRecordingsDays,
  archivedPeople: d.retentionArchivedPeopleDays,
  messages: d.retentionMessagesDays,
});

/** The moment before which a record `days` old at `at` has expired. */
export const cutoffOf = (at: Date, days: number) => new Date(at.getTime() - days * 24 * 3600 * 1000);

type Reader = Pick<Tx, "$queryRaw">;

/**
 * Recordings whose interview was published before `cutoff` (and is still published): their ids,
 * oldest publication first, at most `limit`.
 */
export async function expiredRecordings(client: Reader, districtId: string, cutoff: Date, limit: number) {
  return client.$queryRaw<{ id: string }[]>`
    select r.id from audio_recordings r join interviews i on i.id = r.interview_id and i.district_id = ${districtId}
     where r.district_id = ${districtId} and i.published and i.published_at < ${cutoff}
     order by i.published_at, r.id limit ${limit}`;
}

/** Archived people archived before `cutoff`: their ids, at most `limit`. */
export async function expiredPeople(client: Reader, districtId: string, cutoff: Date, limit: number) {
  return client.$queryRaw<{ id: string }[]>`
    select p.id from people p where p.district_id = ${districtId} and p.archived and p.archived_at < ${cutoff}
     order by p.archived_at, p.id limit ${limit}`;
}

/**
 * How many records each rule would remove at `at`: what the settings page announces for the
 * next run. One statement; a rule set to forever counts 0.
 */
export async function countExpired(client: Reader, districtId: string, days: RetentionDays, at: Date) {
  const never = new Date(0);
  const cut = (d: number | null) => (d === null ? never : cutoffOf(at, d));
  const [row] = await client.$queryRaw<{ recordings: number; archived_people: number; messages: number }[]>(Prisma.sql`
    select
      (select count(*)::int from audio_recordings r join interviews i on i.id = r.interview_id and i.district_id = ${districtId}
        where r.district_id = ${districtId} and i.published and i.published_at < ${cut(days.recordings)}) as recordings,
      (select count(*)::int from people p where p.district_id = ${districtId} and p.archived and p.archived_at < ${cut(days.archivedPeople)}) as archived_people,
      (select count(*)::int from messages m where m.district_id = ${districtId} and m.created_at < ${cut(days.messages)}) as messages`);
  return row;
}
