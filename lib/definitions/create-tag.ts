import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { TagInput } from "./schemas";
import { tagSelect } from "./tag-select";

export async function createTag(ctx: Ctx, input: TagInput) {
  return db().tag.create({ data: { ...input, districtId: ctx.districtId }, select: tagSelect });
}
