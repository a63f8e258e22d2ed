import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { boardSelect, serializeBoard } from "./serialize-board";

export async function getBoard(ctx: Ctx, id: string) {
  const row = await db().board.findFirst({ where: { id, districtId: ctx.districtId }, select: boardSelect });
  if (!row) throw notFound("Board");
  return serializeBoard(row);
}
