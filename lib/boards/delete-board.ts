import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { queueInvitationSync } from "@/lib/calendar/queue-invitation-sync";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { interviewEventData } from "@/lib/webhooks/event-data";

/**
 * Interviews held by the board keep their record; their board_id becomes null, here rather than
 * by the foreign key (set null), so that each is an interview.updated event, in the same transaction.
 */
export async function deleteBoard(ctx: Ctx, id: string) {
  const held = await transactionWithEvents(ctx.districtId, async (tx, _emit, emitMany) => {
    const held = await tx.$queryRaw<{ id: string; scheduled: boolean }[]>`
      update interviews set board_id = null, updated_at = now() where district_id = ${ctx.districtId} and board_id = ${id}
      returning id, starts_at > now() at time zone 'utc' as scheduled`;
    const { count } = await tx.board.deleteMany({ where: { id, districtId: ctx.districtId } });
    if (!count) throw notFound("Board");
    // One interview at a time (its form and recordings): boards are deleted rarely, and this runs only when an endpoint listens.
    await emitMany("interview.updated", async () => {
      const all: unknown[] = [];
      for (const interview of held) all.push(await interviewEventData(tx, ctx.districtId, interview.id));
      return all;
    });
    return held;
  });
  // The board's members no longer hold its interviews: their invitations are cancelled.
  await queueInvitationSync(
    ctx.districtId,
    held.filter((i) => i.scheduled).map((i) => i.id),
  );
  return { ok: true as const };
}
