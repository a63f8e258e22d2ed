import "server-only";
import type { Tx } from "@/lib/db/client";
import { deleteRecordingRows, type DeletedRecordings } from "@/lib/retention/delete-recordings";
import { ERASED_FIRST, ERASED_LAST, erasedEmail } from "./erase-schemas";

/**
 * The records part of an erasure, in the caller's transaction: everything that identifies the
 * person goes, what the district must keep stays without it.
 * - gone: their files, photo, recordings (audio, transcripts, summaries, translations), interview
 *   attachments, the answers of their interviews, the notes and answers of the scorecards of their
 *   interviews and of the scorecards they wrote, their mentor and board links, their sessions;
 * - emptied: the messages they wrote (kind "deleted", no text; their "left" notices lose the name),
 *   which keep their place so that the others' conversations still read in order;
 * - kept: the person's row, anonymous ("Erased person", an e-mail of no one, archived, no roles or
 *   tags), and their interviews' date, board, form, profile, publication and the board's decision.
 * Returns the storage keys to delete once committed, and the recordings deleted.
 */
export async function eraseRecords(tx: Tx, districtId: string, personId: string): Promise<DeletedRecordings> {
  const person = await tx.person.findFirstOrThrow({
    where: { id: personId, districtId },
    select: { avatarKey: true, files: { select: { storageKey: true } }, interviews: { select: { id: true, files: { select: { storageKey: true } } } } },
  });
  const interviewIds = person.interviews.map((i) => i.id);
  const recordings = await tx.audioRecording.findMany({
    where: { districtId, OR: [{ interviewId: { in: interviewIds } }, { personId }] },
    select: { id: true },
  });
  // No recording.deleted events: their data names the person, and person.erased says it all.
  const deleted = await deleteRecordingRows(
    tx,
    districtId,
    recordings.map((r) => r.id),
  );
  await tx.interviewFile.deleteMany({ where: { districtId, interviewId: { in: interviewIds } } });
  await tx.interview.updateMany({ where: { districtId, personId }, data: { responses: {} } });
  await tx.interviewScorecard.updateMany({
    where: { districtId, OR: [{ interviewId: { in: interviewIds } }, { memberId: personId }] },
    data: { responses: {}, note: null },
  });
  await tx.personFile.deleteMany({ where: { districtId, personId } });
  await tx.$executeRaw`
    delete from translations where district_id = ${districtId} and source_type = 'message'
       and source_id in (select m.id from messages m where m.district_id = ${districtId} and m.sender_id = ${personId})`;
  await tx.$executeRaw`
    update messages set body = '', kind = case when kind = 'left' then 'left' else 'deleted' end
     where district_id = ${districtId} and sender_id = ${personId}`;
  await tx.mentorAssignment.deleteMany({ where: { districtId, OR: [{ mentorId: personId }, { candidateId: personId }] } });
  await tx.boardMember.deleteMany({ where: { personId, board: { districtId } } });
  await tx.session.deleteMany({ where: { personId } });
  const email = erasedEmail(personId);
  await tx.person.update({
    where: { id: personId, districtId },
    data: { first: ERASED_FIRST, last: ERASED_LAST, email, emailKey: email, roles: {}, tags: [], archived: true, avatarKey: null, erasedAt: new Date() },
  });
  const keys = [
    ...(person.avatarKey ? [person.avatarKey] : []),
    ...person.files.map((f) => f.storageKey),
    ...person.interviews.flatMap((i) => i.files.map((f) => f.storageKey)),
    ...deleted.keys,
  ];
  return { keys, recordings: deleted.recordings };
}
