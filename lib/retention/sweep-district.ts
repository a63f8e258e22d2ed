import "server-only";
import { db } from "@/lib/db/client";
import { interviewAudience } from "@/lib/interviews/interview-audience";
import { recordingKeys, recordingStorageSelect } from "@/lib/interviews/stored-keys";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { storage } from "@/lib/storage/storage";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { announceDeletedRecordings, deleteRecordingRows } from "./delete-recordings";
import { cutoffOf, expiredPeople, expiredRecordings, type RetentionDays } from "./retention-rules";
import type { RetentionCounts } from "./schemas";

/** Records removed per transaction: each batch commits on its own, so no transaction grows large. */
const RECORDING_BATCH = 100;
const PEOPLE_BATCH = 50;
const MESSAGE_BATCH = 5000;

/** Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record. */
const deleteStored = (keys: string[]) =>
  storage()
    .delete(keys)
    .catch((error) => console.error("[retention] could not delete stored files", error));

async function sweepRecordings(districtId: string, cutoff: Date) {
  let removed = 0;
  for (;;) {
    const batch = await transactionWithEvents(districtId, async (tx, emit) => {
      const ids = (await expiredRecordings(tx, districtId, cutoff, RECORDING_BATCH)).map((r) => r.id);
      return { count: ids.length, ...(await deleteRecordingRows(tx, districtId, ids, emit)) };
    });
    removed += batch.count;
    await announceDeletedRecordings(batch.recordings);
    await deleteStored(batch.keys);
    if (batch.count < RECORDING_BATCH) return removed;
  }
}

/** Archived people past their time, with everything of theirs (as DELETE /api/people/:id does). */
async function sweepPeople(districtId: string, cutoff: Date) {
  let removed = 0;
  for (;;) {
    const batch = await transactionWithEvents(districtId, async (tx, emit) => {
      const ids = (await expiredPeople(tx, districtId, cutoff, PEOPLE_BATCH)).map((r) => r.id);
      const people = await tx.person.findMany({
        where: { districtId, id: { in: ids } },
        select: {
          id: true,
          avatarKey: true,
          files: { select: { storageKey: true } },
          interviews: { select: { id: true, published: true, ...recordingStorageSelect, files: { select: { storageKey: true } } } },
        },
      });
      const audience = new Set<string>(ids);
      for (const p of people.filter((p) => p.interviews.length)) {
        for (const id of await interviewAudience(
          tx,
          districtId,
          p.id,
          p.interviews.some((i) => i.published),
        ))
          audience.add(id);
      }
      await tx.person.deleteMany({ where: { districtId, id: { in: ids } } });
      for (const p of people) {
        for (const interview of p.interviews) await emit("interview.deleted", () => ({ id: interview.id, person_id: p.id }));
        await emit("person.deleted", () => ({ id: p.id }));
      }
      const keys = people.flatMap((p) => [
        ...(p.avatarKey ? [p.avatarKey] : []),
        ...p.files.map((f) => f.storageKey),
        ...p.interviews.flatMap((i) => [...i.files.map((f) => f.storageKey), ...recordingKeys(districtId, i.recordings)]),
      ]);
      return { count: ids.length, keys, audience };
    });
    removed += batch.count;
    await endRealtimeAccess(batch.audience);
    await deleteStored(batch.keys);
    if (batch.count < PEOPLE_BATCH) return removed;
  }
}

/** Messages past their time; their conversations stay, with whatever is newer (or empty). Translations go by trigger. */
async function sweepMessages(districtId: string, cutoff: Date) {
  let removed = 0;
  for (;;) {
    const count = await db().$executeRaw`
      delete from messages where district_id = ${districtId} and id in (
        select m.id from messages m where m.district_id = ${districtId} and m.created_at < ${cutoff} limit ${MESSAGE_BATCH})`;
    removed += count;
    if (count < MESSAGE_BATCH) return removed;
  }
}

/** Applies one district's retention rules at `now`: what each rule removed. */
export async function sweepDistrict(districtId: string, days: RetentionDays, now: Date): Promise<RetentionCounts> {
  return {
    recordings: days.recordings === null ? 0 : await sweepRecordings(districtId, cutoffOf(now, days.recordings)),
    archived_people: days.archivedPeople === null ? 0 : await sweepPeople(districtId, cutoffOf(now, days.archivedPeople)),
    messages: days.messages === null ? 0 : await sweepMessages(districtId, cutoffOf(now, days.messages)),
  };
}
