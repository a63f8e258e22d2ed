import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownIds } from "@/lib/definitions/check-references";
import type { CreateBoardInput } from "./schemas";
import { boardSelect, serializeBoard } from "./serialize-board";

export async function createBoard(ctx: Ctx, input: CreateBoardInput) {
  const members = [...new Set(input.members)];
  await assertKnownIds(ctx, { people: { field: "members", ids: members } });
  const row = await db().board.create({
    data: { districtId: ctx.districtId, name: input.name, members: { create: members.map((personId) => ({ personId })) } },
    select: boardSelect,
  });
  return serializeBoard(row);
}
