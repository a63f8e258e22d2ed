export const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/** Text without accents, in lower case: for matching searches ("Élodie" matches "elo") and making ids. */
export const foldText = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The words of a search box, folded: a text matches when it contains every one of them. */
export const searchWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean);
