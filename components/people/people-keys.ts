/** TanStack Query keys of the people feature. Invalidate `peopleKeys.all` after any change to a person. */
export const peopleKeys = {
  all: ["people"] as const,
  /** The whole list, archived included (filtered in memory by the page). */
  list: () => [...peopleKeys.all, "list"] as const,
  details: () => [...peopleKeys.all, "detail"] as const,
  detail: (id: string) => [...peopleKeys.details(), id] as const,
};
