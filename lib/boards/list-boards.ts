import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { boardSelect, serializeBoard } from "./serialize-board";

export async function listBoards(ctx: Ctx) {
  const rows = await db().board.findMany({ where: { districtId: ctx.districtId }, select: boardSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeBoard);
}
