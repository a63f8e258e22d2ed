import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { queueInvitationSync } from "@/lib/calendar/queue-invitation-sync";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { notFound } from "@/lib/errors/app-error";
import { getBoard } from "./get-board";
import type { UpdateBoardInput } from "./schemas";

/** Changes only what is sent; `members` replaces the member list. */
export async function updateBoard(ctx: Ctx, id: string, input: UpdateBoardInput) {
  const members = input.members && [...new Set(input.members)];
  if (members) await assertKnownIds(ctx, { people: { field: "members", ids: members } });
  const scheduled = await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    // Also the existence check: 0 rows for another district's id.
    const { count } = await tx.board.updateMany({ where, data: { name: input.name } });
    if (!count) throw notFound("Board");
    if (members) {
      await tx.boardMember.deleteMany({ where: { boardId: id, board: { districtId: ctx.districtId }, personId: { notIn: members } } });
      await tx.boardMember.createMany({ data: members.map((personId) => ({ boardId: id, personId })), skipDuplicates: true });
    }
    return members ? tx.interview.findMany({ where: { districtId: ctx.districtId, boardId: id, startsAt: { gt: new Date() } }, select: { id: true } }) : [];
  });
  // Members added get the board's upcoming invitations, members taken off their cancellations.
  await queueInvitationSync(
    ctx.districtId,
    scheduled.map((i) => i.id),
  );
  return getBoard(ctx, id);
}
