import type { GetServerSidePropsContext } from "next";
import type { Messages as IntlMessages } from "use-intl/core";
import type { UiLocale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { localeFor, SESSION_COOKIES } from "@/lib/i18n/session-locale";

/** What both sign-in pages render with: the reader's locale and the messages they use. */
export type SignInPageProps = { locale: UiLocale; messages: IntlMessages };

export async function signInPageProps({ req }: GetServerSidePropsContext): Promise<SignInPageProps> {
  const sessionToken = SESSION_COOKIES.map((name) => req.cookies[name]).find(Boolean);
  const locale = await localeFor({ sessionToken, acceptLanguage: req.headers["accept-language"] ?? null });
  // Raw messages, not compiled ones: the pages router runs use-intl from node_modules as it is
  // (not bundled, so not aliased to the format-only runtime), which parses them itself.
  const { common, signIn } = loadMessages(locale);
  return { locale, messages: { common, signIn } };
}
