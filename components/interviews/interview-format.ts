import type { Multilingual } from "@/components/forms/form-types";

/** A YYYY-MM-DD calendar day in the reader's locale ("Oct 14, 2026"); the string itself if it is not one. */
export function formatDay(date: string, style: "medium" | "long" | "full" = "medium"): string {
  const d = new Date(`${date}T00:00:00`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString(undefined, { dateStyle: style });
}

/** Today in the browser's time zone as YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "Spanish" for "es" (in English, the app's language); the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const isMultilingual = (v: unknown): v is Multilingual =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((s) => typeof s === "string");

/**
 * Which key of a multilingual value a reader writes in: their exact language if the value
 * has it, else its base language if the value has that (es for es-MX), else their language.
 */
export function editKey(value: Multilingual | null | undefined, language: string): string {
  if (value && language in value) return language;
  const base = language.split("-")[0];
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
  const base = language.split("-")[0];
  return [language, base, "en"].find((k) => keys.includes(k)) ?? keys[0];
}

export const sameLanguage = (a: string, b: string) => a.split("-")[0].toLowerCase() === b.split("-")[0].toLowerCase();
