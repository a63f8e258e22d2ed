import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { interviewEventData } from "@/lib/webhooks/event-data";
import type { CreateBoardInput, UpdateBoardInput } from "./schemas";
import { boardSelect, serializeBoard } from "./serialize-board";

export async function listBoards(ctx: Ctx) {
  const rows = await db().board.findMany({ where: { districtId: ctx.districtId }, select: boardSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeBoard);
}

export async function getBoard(ctx: Ctx, id: string) {
  const row = await db().board.findFirst({ where: { id, districtId: ctx.districtId }, select: boardSelect });
  if (!row) throw notFound("Board");
  return serializeBoard(row);
}

export async function createBoard(ctx: Ctx, input: CreateBoardInput) {
  const members = [...new Set(input.members)];
  await assertKnownIds(ctx, { people: { field: "members", ids: members } });
  const row = await db().board.create({
    data: { districtId: ctx.districtId, name: input.name, members: { create: members.map((personId) => ({ personId })) } },
    select: boardSelect,
  });
  return serializeBoard(row);
}

/** Changes only what is sent; `members` replaces the member list. */
export async function updateBoard(ctx: Ctx, id: string, input: UpdateBoardInput) {
  const members = input.members && [...new Set(input.members)];
  if (members) await assertKnownIds(ctx, { people: { field: "members", ids: members } });
  await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    // Also the existence check: 0 rows for another district's id.
    const { count } = await tx.board.updateMany({ where, data: { name: input.name } });
    if (!count) throw notFound("Board");
    if (members) {
      await tx.boardMember.deleteMany({ where: { boardId: id, board: { districtId: ctx.districtId }, personId: { notIn: members } } });
      await tx.boardMember.createMany({ data: members.map((personId) => ({ boardId: id, personId })), skipDuplicates: true });
    }
  });
  return getBoard(ctx, id);
}

/**
 * Interviews held by the board keep their record; their board_id becomes null, here rather than
 * by the foreign key (set null), so that each is an interview.updated event, in the same transaction.
 */
export async function deleteBoard(ctx: Ctx, id: string) {
  await transactionWithEvents(ctx.districtId, async (tx, _emit, emitMany) => {
    const held = await tx.$queryRaw<{ id: string }[]>`
      update interviews set board_id = null, updated_at = now() where district_id = ${ctx.districtId} and board_id = ${id} returning id`;
    const { count } = await tx.board.deleteMany({ where: { id, districtId: ctx.districtId } });
    if (!count) throw notFound("Board");
    // One interview at a time (its form and recordings): boards are deleted rarely, and this runs only when an endpoint listens.
    await emitMany("interview.updated", async () => {
      const all: unknown[] = [];
      for (const interview of held) all.push(await interviewEventData(tx, ctx.districtId, interview.id));
      return all;
    });
  });
  return { ok: true as const };
}
