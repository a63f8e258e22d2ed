import "server-only";

/** Unicode's combining diacritical marks, dropped from a decomposed (NFD) text to fold its accents. */
const COMBINING_MARKS = String.fromCharCode(...Array.from({ length: 0x70 }, (_, i) => 0x300 + i));

/** A text without accents, in lower case: as wordsMatchSql folds the text it searches. */
export const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The words of a search box, folded. */
export const foldedWords = (q: string | undefined) =>
  fold(q ?? "")
    .split(/\s+/)
    .filter(Boolean);

/**
 * SQL that holds when the text `expression` contains every one of `words` (foldedWords),
 * accents and case ignored, as the lists' search boxes match: "" when there is no word.
 */
export function wordsMatchSql(expression: string, words: string[], p: (value: unknown) => string) {
  if (!words.length) return "";
  const folded = `translate(lower(normalize(${expression}, NFD)), ${p(COMBINING_MARKS)}, '')`;
  return words.map((w) => ` and strpos(${folded}, ${p(w)}) > 0`).join("");
}
