import "server-only";
import { recordingMap, recordingRecord } from "@/lib/audio/recording-map";
import type { Tx } from "@/lib/db/client";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { interviewFullSelect, serializeInterview } from "@/lib/interviews/serialize-interview";
import { stripPrivateFields } from "@/lib/interviews/strip-private-fields";
import { avatarUrl, personSelect, serializePerson } from "@/lib/people/serialize-person";

/*
 * The `data` of each event, read in the transaction of the change (so it is the state that
 * commits) with the serializers of the API: what an API key with the read scope gets for the
 * resource, with the private form fields removed. Never more than the district's staff may read.
 */

const asObject = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** GET /api/people/:id without includes. */
export async function personEventData(tx: Tx, districtId: string, id: string) {
  const row = await tx.person.findFirstOrThrow({
    where: { id, districtId },
    select: { ...personSelect, mentoredBy: { select: { mentorId: true }, orderBy: { createdAt: "asc" } } },
  });
  return { ...serializePerson(row), avatar_url: avatarUrl(serviceOrigin(), row), mentors: row.mentoredBy.map((m) => m.mentorId) };
}

/** GET /api/interviews/:personId/:id as staff sees it, without the private fields' answers (as for `view=candidate`). */
export async function interviewEventData(tx: Tx, districtId: string, id: string) {
  const row = await tx.interview.findFirstOrThrow({ where: { id, districtId }, select: { ...interviewFullSelect, form: { select: { fields: true } } } });
  const fields = row.form ? readFormFields(row.form.fields) : [];
  const origin = serviceOrigin();
  const audio = await recordingMap(origin, districtId, id, tx);
  return serializeInterview(origin, row, fields, stripPrivateFields(asObject(row.responses), fields), audio);
}

/** The recording as it appears in its interview's `audio` map, with its ids. */
export async function recordingEventData(tx: Tx, districtId: string, recordingId: string) {
  const [row] = await tx.$queryRaw<{ interview_id: string; person_id: string }[]>`
    select interview_id, person_id from audio_recordings where id = ${recordingId} and district_id = ${districtId}`;
  const record = await recordingRecord(serviceOrigin(), districtId, recordingId, tx);
  return { id: recordingId, interview_id: row?.interview_id, person_id: row?.person_id, ...record };
}
