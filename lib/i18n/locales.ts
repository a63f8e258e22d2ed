/** The languages the interface is written in. A person's `language` may be any BCP 47 code. */
export const UI_LOCALES = ["en", "es"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
export const DEFAULT_LOCALE: UiLocale = "en";

/** The interface language for a person's language: `es`, `es-MX` → es; anything else → en. */
export function uiLocaleFor(language: string | null | undefined): UiLocale {
  const primary = (language ?? "").toLowerCase().split(/[-_]/)[0];
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
    const primary = tag.toLowerCase().split("-")[0];
    if ((UI_LOCALES as readonly string[]).includes(primary)) return primary as UiLocale;
  }
  return DEFAULT_LOCALE;
}
