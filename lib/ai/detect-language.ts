import { eld } from "eld/extrasmall";

// Below this many letters n-gram statistics say little ("ok", "Hello" come out as Polish or Italian).
const MIN_LETTERS = 12;

/**
 * The language of a text as a BCP 47 primary subtag ("en", "es"), detected offline by eld
 * (60 languages); `fallback` when the text is too short or eld is not sure.
 */
export function detectLanguage(text: string, fallback: string): string {
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return fallback;
  const result = eld.detect(text);
  return result.language && result.isReliable() ? result.language : fallback;
}
