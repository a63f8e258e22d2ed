/**
 * The people list's filters as its address carries them (`?q=&role=&tag=&archived=1&after=`):
 * the page renders on the server from them, the search box writes them, and the export link and
 * the next page's link are made from them. No "use client": both sides use it.
 */
import { firstParam, type SearchParams } from "@/components/ui/search-params";

export type PeopleFilters = { q: string; role: string; tag: string; archived: boolean; after: string };

export function peopleFiltersOf(params: SearchParams): PeopleFilters {
  return {
    q: firstParam(params.q).slice(0, 200),
    role: firstParam(params.role),
    tag: firstParam(params.tag),
    archived: firstParam(params.archived) === "1",
    after: firstParam(params.after),
  };
}

/** The filters as a query string (with its "?", or "" when none is set). */
export function peopleFiltersQuery(f: Partial<PeopleFilters>) {
  const params = new URLSearchParams();
  if (f.archived) params.set("archived", "1");
  if (f.role) params.set("role", f.role);
  if (f.tag) params.set("tag", f.tag);
  if (f.q?.trim()) params.set("q", f.q.trim());
  if (f.after) params.set("after", f.after);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** GET /api/people.csv with the list's filters: the download holds what the list shows (every page of it). */
export const peopleExportHref = (f: PeopleFilters) => `/api/people.csv${peopleFiltersQuery({ ...f, after: "" })}`;

export const hasPeopleFilter = (f: PeopleFilters) => Boolean(f.q.trim() || f.role || f.tag);
