/*
 * The service's one language normaliser: everything that keys, compares or picks by language
 * (translations, reading languages, interface locales, multilingual texts) reduces a tag to its
 * canonical primary subtag with this. Plain Intl: safe in the browser too.
 */

// Made on first use, not at import: building it loads ICU's language names, about 20 ms of a
// phone's first page load in every browser tab that imports this (nearly every page).
let englishNames: Intl.DisplayNames | undefined;

/**
 * The BCP 47 primary language subtag of a tag, canonicalised by ICU: "es-MX" → "es", "EN_us" →
 * "en", "eng" → "en", "iw" → "he". undefined when it names no known language.
 */
export function languageCode(tag: string | null | undefined): string | undefined {
  const text = tag?.trim().toLowerCase().replaceAll("_", "-");
  if (!text) return undefined;
  try {
    const language = new Intl.Locale(Intl.getCanonicalLocales(text)[0]).language;
    englishNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    return language !== "und" && englishNames.of(language) ? language : undefined;
  } catch {
    return undefined;
  }
}
