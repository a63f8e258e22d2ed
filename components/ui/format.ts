/** Dates as the reader's locale shows them; `—` for none. */
export function formatDate(ms: number | null | undefined, withTime = false): string {
  if (!ms) return "—";
  return new Date(ms).toLocaleString(undefined, withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/** Text without accents, in lower case: for matching searches ("Élodie" matches "elo") and making ids. */
export const foldText = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** The words of a search box, folded: a text matches when it contains every one of them. */
export const searchWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean);
