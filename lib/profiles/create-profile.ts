import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownForm } from "./assert-known-form";
import type { CreateProfileInput } from "./schemas";
import { profileSelect, serializeProfile } from "./serialize-profile";

export async function createProfile(ctx: Ctx, input: CreateProfileInput) {
  await assertKnownForm(ctx, input.form_id);
  return serializeProfile(await db().profile.create({ data: { districtId: ctx.districtId, name: input.name, formId: input.form_id }, select: profileSelect }));
}
