import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Scope } from "@/lib/auth/permissions";
import type { ScopeByPath } from "@/lib/http/declaration";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { seesAllInterviews, visibleInterviewsWhere } from "@/lib/interviews/visibility";
import { visiblePeopleWhere } from "@/lib/people/visibility";
import type { AuditEventInput } from "@/lib/audit/record-audit-event";

type FileRead = { districtId: string; event: AuditEventInput };

export type ResolvedFile =
  /** `read`: the audit trail's record of serving it (private material: lib/audit/actions.shared.ts). */
  { kind: "stored"; key: string; name: string; contentType: string; read?: FileRead } | { kind: "initials"; first: string; last: string };

/**
 * Maps a /files/<district_id>/<area>/… path to the record it belongs to, and only if the
 * caller may see that record. Everything else, including another district's path, is 404.
 */
export async function resolveFile(ctx: Ctx, key: string): Promise<ResolvedFile> {
  const [districtId, area, ownerId] = key.split("/");
  if (districtId !== ctx.districtId || !ownerId) throw notFound("File");
  const seePerson = (id: string) => ({ AND: [visiblePeopleWhere(ctx), { id }] });

  if (area === "avatars" || area === "photos") {
    const person = await db().person.findFirst({ where: seePerson(ownerId), select: { first: true, last: true, avatarKey: true } });
    if (!person) throw notFound("File");
    if (area === "photos" && person.avatarKey !== key) throw notFound("File");
    if (!person.avatarKey) return { kind: "initials", first: person.first, last: person.last };
    const ext = person.avatarKey.split(".").pop()!;
    return { kind: "stored", key: person.avatarKey, name: `photo.${ext}`, contentType: `image/${ext}` };
  }
  if (area === "people") {
    const file = await db().personFile.findFirst({ where: { storageKey: key, districtId: ctx.districtId, person: seePerson(ownerId) } });
    if (!file) throw notFound("File");
    const read: FileRead = { districtId, event: { action: "person_file.read", recordType: "person_file", recordId: file.id, personId: file.personId } };
    return { kind: "stored", key, name: file.name, contentType: file.contentType, read };
  }
  if (area === "interviews") {
    const file = await db().interviewFile.findFirst({
      where: { storageKey: key, districtId: ctx.districtId, interview: visibleInterviewsWhere(ctx) },
      select: { id: true, name: true, contentType: true, fieldId: true, interview: { select: { personId: true, form: { select: { fields: true } } } } },
    });
    if (!file) throw notFound("File");
    // Attachments of private fields (or of fields no longer on the form) are staff-only, like their answers.
    if (!seesAllInterviews(ctx)) {
      const fields = readFormFields(file.interview.form?.fields);
      if (!fields.some((f) => f.id === file.fieldId && f.type === "file" && f.p !== 1)) throw notFound("File");
    }
    const read: FileRead = {
      districtId,
      event: { action: "interview_file.read", recordType: "interview_file", recordId: file.id, personId: file.interview.personId },
    };
    return { kind: "stored", key, name: file.name, contentType: file.contentType, read };
  }
  if (area === "audio") {
    // <district>/audio/<person>/<recording>.webm: the combined recording of a finalized session,
    // served to whoever may see its interview (the audio map follows the interview's rules).
    const recording = await db().audioRecording.findFirst({
      where: { storageKey: key, districtId: ctx.districtId, personId: ownerId, finalizedAt: { not: null }, interview: visibleInterviewsWhere(ctx) },
      select: { id: true },
    });
    if (!recording) throw notFound("File");
    const read: FileRead = { districtId, event: { action: "recording.file_read", recordType: "recording", recordId: recording.id, personId: ownerId } };
    return { kind: "stored", key, name: `${recording.id}.webm`, contentType: "audio/webm", read };
  }
  throw notFound("File");
}

/** The API-key scope that reads each area of `<district_id>/<area>/…`: interview material needs read:interviews. */
const AREA_SCOPES: Record<string, Scope> = {
  avatars: "read:people",
  photos: "read:people",
  people: "read:people",
  interviews: "read:interviews",
  audio: "read:interviews",
};

/** Which API-key scope reads a stored file's path (an unknown area is read:people, and then 404). */
export const fileScope: ScopeByPath = {
  of: (params) => AREA_SCOPES[params.path.split("/")[1]] ?? "read:people",
  byPath: AREA_SCOPES,
  rule: "An API key needs `read:interviews` for `<district_id>/interviews/…` and `<district_id>/audio/…`, and `read:people` for every other path.",
};
