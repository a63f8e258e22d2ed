import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { pageMe } from "@/lib/pages/page-me";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import { LOCALE_COOKIE, parseUiLocale, uiLocaleFor, uiLocaleFromAcceptLanguage, type UiLocale } from "@/lib/i18n/locales";
import { displayTimeZone } from "@/lib/i18n/time-zone";

/**
 * The interface language of the request being rendered: the signed-in person's `language`
 * (from pageMe, the one session lookup the page's frame makes anyway), else the visitor's
 * choice (LOCALE_COOKIE), else their browser's Accept-Language.
 */
async function requestLocale(): Promise<UiLocale> {
  const me = await pageMe();
  if (me) return uiLocaleFor(me.person.language);
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  return parseUiLocale(cookieStore.get(LOCALE_COOKIE)?.value) ?? uiLocaleFromAcceptLanguage(headerStore.get("accept-language"));
}

// next-intl's per-request configuration (no locale in the URL: the person's language decides).
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: compiledMessages(locale), timeZone: displayTimeZone() };
});
