import "server-only";
import { recordingMap, recordingRecord } from "@/lib/audio/recording-map";
import type { Tx } from "@/lib/db/client";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { interviewFullSelect, serializeInterview } from "@/lib/interviews/serialize-interview";
import { stripPrivateFields } from "@/lib/interviews/strip-private-fields";
import { avatarUrl, personSelect, serializePerson, type PersonRow } from "@/lib/people/serialize-person";

/*
 * The `data` of each event, read in the transaction of the change (so it is the state that
 * commits) with the serializers of the API: what an API key with the read scope gets for the
 * resource, with the private form fields removed. Never more than the district's staff may read.
 */

const asObject = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const personEventSelect = { ...personSelect, mentoredBy: { select: { mentorId: true }, orderBy: { createdAt: "asc" } } } as const;
type PersonEventRow = PersonRow & { mentoredBy: { mentorId: string }[] };
const personData = (origin: string, row: PersonEventRow) => ({
  ...serializePerson(row),
  avatar_url: avatarUrl(origin, row),
  mentors: row.mentoredBy.map((m) => m.mentorId),
});

/** GET /api/people/:id without includes. */
export async function personEventData(tx: Tx, districtId: string, id: string) {
  return personData(serviceOrigin(), await tx.person.findFirstOrThrow({ where: { id, districtId }, select: personEventSelect }));
}

/**
 * personEventData of many people (an import, a tag taken off everyone), by id: one plain query per
 * 5,000 (through Prisma, with the mentors' relation, the same read took 2-3 times as long).
 */
export async function peopleEventData(tx: Tx, districtId: string, ids: string[]) {
  const origin = serviceOrigin();
  const data = new Map<string, ReturnType<typeof personData>>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await tx.$queryRaw<(PersonRow & { mentors: string[] })[]>`
      select p.id, p.district_id as "districtId", p.first, p.last, p.email, p.language, p.roles, p.tags, p.archived, p.created_at as "createdAt",
             coalesce((select array_agg(m.mentor_id order by m.created_at) from mentor_assignments m
                        where m.district_id = p.district_id and m.candidate_id = p.id), '{}') as mentors
        from people p where p.district_id = ${districtId} and p.id = any(${ids.slice(i, i + 5000)}::text[])`;
    for (const row of rows) data.set(row.id, personData(origin, { ...row, mentoredBy: row.mentors.map((mentorId) => ({ mentorId })) }));
  }
  return data;
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
