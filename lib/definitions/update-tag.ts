import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import type { TagInput } from "./schemas";
import { tagSelect } from "./tag-select";

export async function updateTag(ctx: Ctx, id: string, input: TagInput) {
  const { count } = await db().tag.updateMany({ where: { id, districtId: ctx.districtId }, data: input });
  if (!count) throw notFound("Tag");
  return db().tag.findUniqueOrThrow({ where: { id }, select: tagSelect });
}
