import "server-only";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, type UiLocale } from "./locales";
import { localeFor, SESSION_COOKIES } from "./session-locale";

/** The interface language of the request the app router is rendering (see localeFor). */
export async function requestLocale(): Promise<UiLocale> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const sessionToken = SESSION_COOKIES.map((name) => cookieStore.get(name)?.value).find(Boolean);
  return localeFor({ sessionToken, chosen: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerStore.get("accept-language") });
}
