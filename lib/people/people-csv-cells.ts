import { LIST_SEPARATOR } from "./csv-schemas";

/**
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return, which some of them skip first) as a formula. Exported cells that start so get a
 * leading apostrophe, which spreadsheets show as text; an import takes that apostrophe away
 * again, so an export imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralizeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const restoreFormula = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** Something named in a cell: a role or tag, by name (case-insensitively) or by id. */
export type Named = { id: string; name: string };

/**
 * How a role or tag is written in an export: its name, or its id when the name could not be
 * read back (it holds the list separator, or another one has the same name).
 */
export function exportName(item: Named, all: readonly Named[]): string {
  const clash = all.some((other) => other.id !== item.id && other.name.toLowerCase() === item.name.toLowerCase());
  return clash || item.name.includes(LIST_SEPARATOR) || !item.name.trim() ? item.id : item.name;
}

/** Resolves the names or ids of one cell; `problems` says which could not be resolved, and why. */
export function resolveNames(cell: string, all: readonly Named[], what: "role" | "tag") {
  const ids: string[] = [];
  const problems: string[] = [];
  for (const token of cell
    .split(LIST_SEPARATOR)
    .map((t) => t.trim())
    .filter(Boolean)) {
    const byId = all.find((item) => item.id === token);
    const byName = all.filter((item) => item.name.trim().toLowerCase() === token.toLowerCase());
    const exact = byName.filter((item) => item.name.trim() === token);
    const found = byId ?? (byName.length === 1 ? byName[0] : exact.length === 1 ? exact[0] : undefined);
    if (found) {
      if (!ids.includes(found.id)) ids.push(found.id);
    } else if (byName.length > 1) {
      problems.push(`Several ${what}s are named “${token.slice(0, 100)}”: use the ${what}'s id instead.`);
    } else {
      problems.push(`No ${what} is named “${token.slice(0, 100)}”.`);
    }
  }
  return { ids, problems };
}

/** An archived cell: empty (active), 0/1, true/false, yes/no; undefined when it is none of those. */
export function readArchived(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (["", "0", "false", "no", "n"].includes(value)) return false;
  if (["1", "true", "yes", "y"].includes(value)) return true;
  return undefined;
}
