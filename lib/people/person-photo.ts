import "server-only";
import { randomUUID } from "node:crypto";
import type { Ctx } from "@/lib/auth/context";
import { db, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors/app-error";
import { receiveUpload } from "@/lib/http/multipart";
import { storage } from "@/lib/storage/storage";
import { getPerson } from "./get-person";
import { streamedToStorage } from "./person-files";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Locks the person's row until the transaction ends and returns their photo's key (404 if not in the district). */
async function lockPhotoOf(tx: Tx, ctx: Ctx, personId: string) {
  const [person] = await tx.$queryRaw<{ avatar_key: string | null }[]>`
    select avatar_key from people where id = ${personId} and district_id = ${ctx.districtId} for update`;
  if (!person) throw notFound("Person");
  return person.avatar_key;
}

/** Points the person at `key` (or none) and returns the key it replaces, in one transaction. */
function swapPhoto(ctx: Ctx, personId: string, key: string | null) {
  return db().$transaction(async (tx) => {
    const previous = await lockPhotoOf(tx, ctx, personId);
    if (previous !== key) await tx.person.updateMany({ where: { id: personId, districtId: ctx.districtId }, data: { avatarKey: key } });
    return previous;
  });
}

/** Replaces the person's photo (PNG, JPEG, WebP or GIF up to 5 MB), sent as the multipart `file`. */
export async function setPersonPhoto(ctx: Ctx, personId: string, req: Request) {
  // Checked before any byte is stored, and again (locked) with the write.
  if (!(await db().person.findFirst({ where: { id: personId, districtId: ctx.districtId }, select: { id: true } }))) throw notFound("Person");
  const options = {
    maxBytes: env().MAX_UPLOAD_BYTES,
    maxFile: { bytes: MAX_PHOTO_BYTES, message: "A photo can be at most 5 MB." },
    ...streamedToStorage((file) => {
      if (!IMAGE_TYPES.has(file.contentType)) throw new AppError("unsupported_media_type", "A photo must be a PNG, JPEG, WebP or GIF image.");
      // Unguessable, like upload keys: with the Blob driver the stored object has a public URL.
      return `${ctx.districtId}/photos/${personId}/${randomUUID()}.${file.contentType.split("/")[1]}`;
    }),
  };
  const previous = await receiveUpload(req, options, ({ stored }) => swapPhoto(ctx, personId, stored.storageKey));
  if (previous)
    await storage()
      .delete([previous])
      .catch(() => {});
  return getPerson(ctx, personId, new Set(["photo_url"]));
}

export async function removePersonPhoto(ctx: Ctx, personId: string) {
  const previous = await swapPhoto(ctx, personId, null);
  if (previous)
    await storage()
      .delete([previous])
      .catch(() => {});
  return { ok: true as const };
}
