import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import type { CreateProfileInput, Profile, UpdateProfileInput } from "./schemas";

const select = { id: true, name: true, formId: true, createdAt: true } as const;
type ProfileRow = { id: string; name: string; formId: string | null; createdAt: Date };

const serializeProfile = (p: ProfileRow) =>
  ({ id: p.id, name: p.name, form_id: p.formId, created_at: p.createdAt.getTime() }) satisfies Profile;

async function assertKnownForm(ctx: Ctx, formId: string | null | undefined) {
  if (!formId) return;
  const form = await db().form.findFirst({ where: { id: formId, districtId: ctx.districtId }, select: { id: true } });
  if (!form) throw invalid("form_id", `Unknown form id: ${formId}`);
}

export async function listProfiles(ctx: Ctx) {
  const rows = await db().profile.findMany({ where: { districtId: ctx.districtId }, select, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeProfile);
}

export async function getProfile(ctx: Ctx, id: string) {
  const row = await db().profile.findFirst({ where: { id, districtId: ctx.districtId }, select });
  if (!row) throw notFound("Profile");
  return serializeProfile(row);
}

export async function createProfile(ctx: Ctx, input: CreateProfileInput) {
  await assertKnownForm(ctx, input.form_id);
  return serializeProfile(await db().profile.create({ data: { districtId: ctx.districtId, name: input.name, formId: input.form_id }, select }));
}

export async function updateProfile(ctx: Ctx, id: string, input: UpdateProfileInput) {
  await assertKnownForm(ctx, input.form_id);
  const where = { id, districtId: ctx.districtId };
  const { count } = await db().profile.updateMany({ where, data: { name: input.name, formId: input.form_id } });
  if (!count) throw notFound("Profile");
  return serializeProfile(await db().profile.findFirstOrThrow({ where, select }));
}

/** Interviews created with the profile keep their record; their profile_id becomes null (FK: set null). */
export async function deleteProfile(ctx: Ctx, id: string) {
  const { count } = await db().profile.deleteMany({ where: { id, districtId: ctx.districtId } });
  if (!count) throw notFound("Profile");
  return { ok: true as const };
}
