import { randomUUID } from "node:crypto";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { getPerson } from "./get-person";
import { fileFromForm } from "./person-files";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Replaces the person's photo (PNG, JPEG, WebP or GIF up to 5 MB). */
export async function setPersonPhoto(ctx: Ctx, personId: string, form: FormData) {
  const person = await db().person.findFirst({ where: { id: personId, districtId: ctx.districtId }, select: { avatarKey: true } });
  if (!person) throw notFound("Person");
  const { file } = fileFromForm(form);
  if (!IMAGE_TYPES.has(file.type)) throw new AppError("unsupported_media_type", "A photo must be a PNG, JPEG, WebP or GIF image.");
  if (file.size > MAX_PHOTO_BYTES) throw new AppError("payload_too_large", "A photo can be at most 5 MB.");
  // Unguessable, like upload keys: with the Blob driver the stored object has a public URL.
  const key = `${ctx.districtId}/photos/${personId}/${randomUUID()}.${file.type.split("/")[1]}`;
  await storage().put(key, new Uint8Array(await file.arrayBuffer()), file.type);
  await db().person.update({ where: { id: personId }, data: { avatarKey: key } });
  if (person.avatarKey) await storage().delete([person.avatarKey]).catch(() => {});
  return getPerson(ctx, personId, new Set(["photo_url"]));
}

export async function removePersonPhoto(ctx: Ctx, personId: string) {
  const person = await db().person.findFirst({ where: { id: personId, districtId: ctx.districtId }, select: { avatarKey: true } });
  if (!person) throw notFound("Person");
  if (person.avatarKey) {
    await db().person.update({ where: { id: personId }, data: { avatarKey: null } });
    await storage().delete([person.avatarKey]).catch(() => {});
  }
  return { ok: true as const };
}
