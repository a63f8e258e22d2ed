import "server-only";
import { actorPersonId, hasPermission, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, forbidden, notFound } from "@/lib/errors/app-error";
import { findVisibleInterview } from "@/lib/interviews/find-interview";
import { visibleInterviewsWhere } from "@/lib/interviews/visibility";

/*
 * Who may record (capture, finalize, transcribe, summarize): API keys with write:interviews
 * (checked by the wrapper), people who may edit interviews, and a candidate on their own
 * interview once it is visible to them (published). Everyone else: 404 for an interview they
 * may not see, 403 for one they see but may not record (a mentor).
 */

const EDITS = "interviews:edit";

/** Editors and keys record any interview of the district. */
const recordsAnyInterview = (ctx: Ctx) => ctx.actor.type === "key" || hasPermission(ctx, EDITS);

const notYours = () => forbidden(`Recording needs the ${EDITS} permission; a candidate may record only their own interview, once it is published.`);

/**
 * Capture names no interview yet: a caller who is not an editor must at least have an interview
 * of their own that they can see (a candidate with a published interview), else 403.
 */
export async function assertMayCapture(ctx: Ctx) {
  if (recordsAnyInterview(ctx)) return;
  const me = actorPersonId(ctx)!;
  const own = await db().interview.findFirst({ where: { AND: [visibleInterviewsWhere(ctx), { personId: me }] }, select: { id: true } });
  if (!own) throw notYours();
}

/** The interview `interviewId` of `personId`, if the caller may record it: 404 when they cannot see it, 403 when they may only read it. */
export async function findRecordableInterview(ctx: Ctx, personId: string, interviewId: string) {
  const interview = await findVisibleInterview(ctx, personId, interviewId);
  if (!recordsAnyInterview(ctx) && actorPersonId(ctx) !== personId) throw notYours();
  return interview;
}

/** The caller as the owner columns of a recording store them. */
export const ownerOf = (ctx: Ctx) =>
  ctx.actor.type === "key" ? { ownerPersonId: null, ownerKeyId: ctx.actor.keyId } : { ownerPersonId: ctx.actor.personId, ownerKeyId: null };

/** Whether the recording row belongs to the caller (who first used its id). */
export function isOwnedBy(ctx: Ctx, row: { ownerPersonId: string | null; ownerKeyId: string | null }) {
  const owner = ownerOf(ctx);
  return row.ownerPersonId === owner.ownerPersonId && row.ownerKeyId === owner.ownerKeyId;
}

/** A recording id that is not the caller's (another district, another person or key, or none): always this 404. */
export const recordingNotFound = () => notFound("Recording");

/**
 * The saved recording `recordingId`, for renaming or deleting it: whoever may edit its interview
 * (an editor, or an API key; the wrapper checked the key's write:interviews). 404 when the caller
 * cannot see it (another district, an interview hidden from them, someone else's unsaved session),
 * 403 when they see it but may not edit, 409 while it is not saved yet (its finalize is still to
 * come or under way: the recorder still holds it, and a sweep removes it if abandoned).
 */
export async function findEditableRecording(ctx: Ctx, recordingId: string) {
  const rec = await db().audioRecording.findFirst({
    where: { id: recordingId, districtId: ctx.districtId },
    select: { id: true, interviewId: true, personId: true, ownerPersonId: true, ownerKeyId: true, finalizedAt: true, name: true },
  });
  if (!rec) throw recordingNotFound();
  if (rec.interviewId && rec.personId) {
    const where = { AND: [visibleInterviewsWhere(ctx), { id: rec.interviewId, personId: rec.personId, districtId: ctx.districtId }] };
    if (!(await db().interview.findFirst({ where, select: { id: true } }))) throw recordingNotFound();
  } else if (!isOwnedBy(ctx, rec)) throw recordingNotFound();
  if (!recordsAnyInterview(ctx)) throw forbidden(`Renaming or deleting a recording needs the ${EDITS} permission.`);
  if (!rec.finalizedAt || !rec.interviewId || !rec.personId) throw conflict("This recording is not saved yet: it can be renamed or deleted once it is.");
  return { ...rec, interviewId: rec.interviewId, personId: rec.personId };
}
