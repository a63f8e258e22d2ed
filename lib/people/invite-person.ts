import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { createSignInLink, SIGN_IN_LINK_MAX_AGE_S } from "@/lib/auth/sign-in-link";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
import { uiLocaleFor } from "@/lib/i18n/locales";
import { deliverMail } from "@/lib/mail/deliver-mail";
import { inviteMail } from "@/lib/mail/templates";

export async function invitePerson(ctx: Ctx, id: string) {
  const person = await db().person.findFirst({
    where: { id, districtId: ctx.districtId },
    select: { email: true, first: true, language: true, archived: true, district: { select: { name: true } } },
  });
  if (!person) throw notFound("Person");
  if (person.archived) throw conflict("This person is archived; restore them before sending an invitation.");
  const url = await createSignInLink(ctx.origin, person.email);
  await deliverMail(inviteMail(person.email, person.first, person.district.name, url, uiLocaleFor(person.language)), {
    districtId: ctx.districtId,
    expiresAt: Date.now() + SIGN_IN_LINK_MAX_AGE_S * 1000,
  });
  return { ok: true as const };
}
