import { db } from "@/lib/db/client";
import { parseUiLocale, uiLocaleFor, uiLocaleFromAcceptLanguage, type UiLocale } from "./locales";

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * The interface language of a sign-in page request (pages router: no pageMe there, see
 * i18n/request.ts for the app router): the signed-in person's `language`, else the one the
 * visitor chose (LOCALE_COOKIE), else the browser's Accept-Language, else English.
 */
export async function localeFor({
  sessionToken,
  chosen,
  acceptLanguage,
}: {
  sessionToken: string | undefined;
  chosen?: string | undefined;
  acceptLanguage: string | null;
}): Promise<UiLocale> {
  if (sessionToken) {
    const rows = await db().$queryRaw<{ language: string }[]>`
      -- all districts: a session token names one person, of whichever district
      select p.language from sessions s join people p on p.id = s.person_id
       where s.session_token = ${sessionToken} and s.expires > now() and not p.archived`;
    if (rows[0]) return uiLocaleFor(rows[0].language);
  }
  return parseUiLocale(chosen) ?? uiLocaleFromAcceptLanguage(acceptLanguage);
}
