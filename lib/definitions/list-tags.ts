import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { tagSelect } from "./tag-select";

export async function listTags(ctx: Ctx) {
  return db().tag.findMany({ where: { districtId: ctx.districtId }, select: tagSelect, orderBy: { name: "asc" } });
}
