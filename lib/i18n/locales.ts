import { languageCode } from "@/lib/languages/language-code.shared";
/** The languages the interface is written in. A person's `language` may be any BCP 47 code. */
export const UI_LOCALES = ["en", "es"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
const DEFAULT_LOCALE: UiLocale = "en";

/**
 * The cookie a visitor's own choice of interface language is kept in (the sign-in page's
 * language links set it). A signed-in person's `language` still comes first.
 */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** `value` when it names an interface language exactly (`en`, `es`), else null. */
export function parseUiLocale(value: string | null | undefined): UiLocale | null {
  return (UI_LOCALES as readonly string[]).includes(value ?? "") ? (value as UiLocale) : null;
}

/** The interface language for a person's language: `es`, `es-MX` → es; anything else → en. */
export function uiLocaleFor(language: string | null | undefined): UiLocale {
  const primary = languageCode(language) ?? "";
  return (UI_LOCALES as readonly string[]).includes(primary) ? (primary as UiLocale) : DEFAULT_LOCALE;
}

/** The best interface language for an Accept-Language header (visitors who are not signed in). */
export function uiLocaleFromAcceptLanguage(header: string | null): UiLocale {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, q] = part.trim().split(";q=");
      return { tag, q: q === undefined ? 1 : Number(q) || 0 };
    })
    .filter((p) => p.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = languageCode(tag) ?? "";
    if ((UI_LOCALES as readonly string[]).includes(primary)) return primary as UiLocale;
  }
  return DEFAULT_LOCALE;
}
