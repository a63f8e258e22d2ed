import type { Multilingual } from "@/components/forms/form-types";
import { languageCode } from "@/lib/languages/language-code.shared";

/** Today in the browser's time zone as YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const isMultilingual = (v: unknown): v is Multilingual =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((s) => typeof s === "string");

/**
 * Which key of a multilingual value a reader writes in: their exact language if the value
 * has it, else its base language if the value has that (es for es-MX), else their language.
 */
export function editKey(value: Multilingual | null | undefined, language: string): string {
  if (value && language in value) return language;
  const base = languageCode(language) ?? language;
  if (value && base in value) return base;
  return language;
}

/**
 * The key `inLanguage` would read for this reader: their language, its base, English, then
 * the first one given. Null when the value holds no text.
 */
export function readKey(value: Multilingual | null | undefined, language: string): string | null {
  if (!value) return null;
  const keys = Object.keys(value).filter((k) => value[k]?.trim());
  if (!keys.length) return null;
  const base = languageCode(language) ?? language;
  return [language, base, "en"].find((k) => keys.includes(k)) ?? keys[0];
}

/** "Ana, Ben and Cleo" in the reader's language. */
export const listOf = (names: string[], locale: string) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
