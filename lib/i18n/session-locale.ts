import { db } from "@/lib/db/client";
import { uiLocaleFor, uiLocaleFromAcceptLanguage, type UiLocale } from "./locales";

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * The interface language for a request's session token and Accept-Language header: the
 * signed-in person's `language`, else the browser's (sign-in page, errors), else English.
 */
export async function localeFor({ sessionToken, acceptLanguage }: { sessionToken: string | undefined; acceptLanguage: string | null }): Promise<UiLocale> {
  if (sessionToken) {
    const rows = await db().$queryRaw<{ language: string }[]>`
      select p.language from sessions s join people p on p.id = s.person_id
       where s.session_token = ${sessionToken} and s.expires > now() and not p.archived`;
    if (rows[0]) return uiLocaleFor(rows[0].language);
  }
  return uiLocaleFromAcceptLanguage(acceptLanguage);
}
