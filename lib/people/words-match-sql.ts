import "server-only";

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

/** Unicode's combining diacritical marks: a decomposed text's accents. */
const COMBINING_MARKS = String.fromCharCode(...Array.from({ length: 0x70 }, (_, i) => 0x300 + i));
/** The Latin letters with a diacritic (U+00C0–U+024F), each folded to one letter ("É" → "e"). */
const ACCENTED = Array.from({ length: 0x250 - 0xc0 }, (_, i) => String.fromCharCode(0xc0 + i)).filter((c) => fold(c).length === 1 && fold(c) !== c);
/** translate()'s two lists: each accented letter to its folded one, and every combining mark to nothing. */
const FOLD_FROM = ACCENTED.join("") + COMBINING_MARKS;
const FOLD_TO = ACCENTED.map(fold).join("");

/**
 * SQL that holds when the text `expression` contains every one of `words` (foldedWords),
 * accents and case ignored, as the lists' search boxes match: "" when there is no word. The text
 * is folded by translate() with fixed lists rather than normalize() and lower() alone: those
 * need a UTF-8 database, and lower() changes only ASCII letters under the C collation.
 */
export function wordsMatchSql(expression: string, words: string[], p: (value: unknown) => string) {
  if (!words.length) return "";
  const folded = `translate(lower(${expression}), ${p(FOLD_FROM)}, ${p(FOLD_TO)})`;
  return words.map((w) => ` and strpos(${folded}, ${p(w)}) > 0`).join("");
}
