import "server-only";
import { actorPersonId, hasPermission, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/errors/app-error";
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

const notYours = () =>
  forbidden(`Recording needs the ${EDITS} permission; a candidate may record only their own interview, once it is published.`);

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
