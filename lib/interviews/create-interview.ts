import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { queueInvitationSync } from "@/lib/calendar/queue-invitation-sync";
import { AppError, type ErrorDetail, notFound } from "@/lib/errors/app-error";
import { interviewEventData } from "@/lib/webhooks/event-data";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { getInterview } from "./get-interview";
import type { CreateInterviewInput } from "./schemas";

/**
 * A new, unpublished interview with empty responses and audio. Board, form and profile
 * must be the district's own (400 otherwise); a profile without an explicit form brings
 * its default form.
 */
export async function createInterview(ctx: Ctx, personId: string, input: CreateInterviewInput) {
  const where = (id: string | undefined) => ({ id: id ?? "", districtId: ctx.districtId });
  const [person, board, form, profile] = await Promise.all([
    db().person.findFirst({ where: where(personId), select: { id: true } }),
    input.board_id ? db().board.findFirst({ where: where(input.board_id), select: { id: true } }) : null,
    input.form_id ? db().form.findFirst({ where: where(input.form_id), select: { id: true } }) : null,
    input.profile_id ? db().profile.findFirst({ where: where(input.profile_id), select: { id: true, formId: true } }) : null,
  ]);
  if (!person) throw notFound("Person");
  const details: ErrorDetail[] = [];
  if (input.board_id && !board) details.push({ path: "board_id", message: `Unknown board id: ${input.board_id}` });
  if (input.form_id && !form) details.push({ path: "form_id", message: `Unknown form id: ${input.form_id}` });
  if (input.profile_id && !profile) details.push({ path: "profile_id", message: `Unknown profile id: ${input.profile_id}` });
  if (details.length) throw new AppError("validation_error", "The request refers to records that do not exist.", details);

  const row = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const created = await tx.interview.create({
      data: {
        districtId: ctx.districtId,
        personId,
        date: input.date,
        boardId: input.board_id ?? null,
        formId: input.form_id ?? profile?.formId ?? null,
        profileId: input.profile_id ?? null,
        startsAt: input.starts_at == null ? null : new Date(input.starts_at),
        durationMinutes: input.duration_minutes ?? null,
        location: input.location || null,
        meetingUrl: input.meeting_url || null,
      },
      select: { id: true },
    });
    await emit("interview.created", () => interviewEventData(tx, ctx.districtId, created.id));
    return created;
  });
  if (input.starts_at != null) await queueInvitationSync(ctx.districtId, [row.id]);
  return getInterview(ctx, personId, row.id, {}, { echo: true });
}
