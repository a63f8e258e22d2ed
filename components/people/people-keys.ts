/** Person ids as `?ids=` takes them, the same for the same set: unique, sorted, comma-separated. */
export const idList = (ids: readonly string[]) => [...new Set(ids)].sort().join(",");

/** TanStack Query keys of the people feature. Invalidate `peopleKeys.all` after any change to a person. */
export const peopleKeys = {
  all: ["people"] as const,
  /** The whole list, archived included (filtered in memory by the page). */
  list: () => [...peopleKeys.all, "list"] as const,
  /** A few named people (GET /api/people?ids=), refreshed with the list. */
  named: (ids: readonly string[]) => [...peopleKeys.list(), "named", idList(ids)] as const,
  /** Those holding a role of a kind (GET /api/people?role_kind=), refreshed with the list. */
  ofKind: (kind: string) => [...peopleKeys.list(), "kind", kind] as const,
  details: () => [...peopleKeys.all, "detail"] as const,
  detail: (id: string) => [...peopleKeys.details(), id] as const,
};
