import type { GetServerSidePropsContext } from "next";
import type { Messages as IntlMessages } from "use-intl/core";
import { LOCALE_COOKIE, parseUiLocale, UI_LOCALES, type UiLocale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { localeFor, SESSION_COOKIES } from "@/lib/i18n/session-locale";

/** A link to the same page in another interface language, named in that language. */
export type LanguageLink = { locale: UiLocale; name: string; href: string };

/** What both sign-in pages render with: the reader's locale, the messages they use, the language links. */
export type SignInPageProps = { locale: UiLocale; messages: IntlMessages; languages: LanguageLink[] };

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * `?lang=es` is a visitor choosing the interface language: it is kept in LOCALE_COOKIE for the
 * pages that follow (check-email, the error pages). A signed-in person's own language wins.
 */
export async function signInPageProps({ req, res, query, resolvedUrl }: GetServerSidePropsContext): Promise<SignInPageProps> {
  const asked = parseUiLocale(typeof query.lang === "string" ? query.lang : null);
  if (asked) res.appendHeader("Set-Cookie", `${LOCALE_COOKIE}=${asked}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`);
  const sessionToken = SESSION_COOKIES.map((name) => req.cookies[name]).find(Boolean);
  const locale = await localeFor({ sessionToken, chosen: asked ?? req.cookies[LOCALE_COOKIE], acceptLanguage: req.headers["accept-language"] ?? null });
  // Raw messages, not compiled ones: the pages router runs use-intl from node_modules as it is
  // (not bundled, so not aliased to the format-only runtime), which parses them itself.
  const { common, signIn } = loadMessages(locale);
  const url = new URL(resolvedUrl, "http://page.invalid");
  const languages = UI_LOCALES.map((each) => {
    url.searchParams.set("lang", each);
    return { locale: each, name: new Intl.DisplayNames([each], { type: "language" }).of(each) ?? each, href: `${url.pathname}${url.search}` };
  });
  return { locale, messages: { common, signIn }, languages };
}
