import "server-only";
import { cookies, headers } from "next/headers";
import { db } from "@/lib/db/client";
import { uiLocaleFor, uiLocaleFromAcceptLanguage, type UiLocale } from "./locales";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * The interface language of this request: the signed-in person's `language`, else the
 * browser's Accept-Language (sign-in page, errors), else English.
 */
export async function requestLocale(): Promise<UiLocale> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const token = SESSION_COOKIES.map((name) => cookieStore.get(name)?.value).find(Boolean);
  if (token) {
    const rows = await db().$queryRaw<{ language: string }[]>`
      select p.language from sessions s join people p on p.id = s.person_id
       where s.session_token = ${token} and s.expires > now() and not p.archived`;
    if (rows[0]) return uiLocaleFor(rows[0].language);
  }
  return uiLocaleFromAcceptLanguage(headerStore.get("accept-language"));
}
