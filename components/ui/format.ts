/**
 * Dates in the browser's locale; `—` for none. Pages use useDisplayFormat (the reader's locale
 * and the district's time zone); this one remains for the recordings card until its rebuild.
 */
export function formatDate(ms: number | null | undefined, withTime = false): string {
  if (!ms) return "—";
  return new Date(ms).toLocaleString(undefined, withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

export const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/** Text without accents, in lower case: for matching searches ("Élodie" matches "elo") and making ids. */
export const foldText = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** The words of a search box, folded: a text matches when it contains every one of them. */
export const searchWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean);
