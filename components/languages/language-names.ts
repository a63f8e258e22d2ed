import { languageCode } from "@/lib/languages/language-code.shared";

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale], { type: "language", fallback: "none" }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

/** What a language is called in `locale` ("Spanish" in en, "español" in es); the code itself when unknown. */
export function languageName(code: string, locale: string): string {
  try {
    return namesIn(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** What a language calls itself: "español", "English", "français". */
export const ownLanguageName = (code: string) => languageName(code, code);

/** A valid BCP 47 code in its canonical spelling ("pt-br" → "pt-BR"), or null. */
export function canonicalLanguage(code: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(code.trim());
    return tag && tag.length >= 2 ? tag : null;
  } catch {
    return null;
  }
}

/** Same language, regional variants aside (es and es-MX). */
export const sameLanguage = (a: string, b: string) => (languageCode(a) ?? a.toLowerCase()) === (languageCode(b) ?? b.toLowerCase());
