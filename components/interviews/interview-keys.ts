/**
 * TanStack Query keys of interviews. `detail(personId, id)` is the interview as the reader
 * gets it; `view(…)` (staff previews) sits under it, so invalidating a detail refreshes its
 * previews too. Invalidate `interviewKeys.all` after creating, publishing or deleting.
 */
export const interviewKeys = {
  all: ["interviews"] as const,
  /** Everything the caller may see (filtered in memory by the list page). */
  list: () => [...interviewKeys.all, "list"] as const,
  details: () => [...interviewKeys.all, "detail"] as const,
  detail: (personId: string, id: string) => [...interviewKeys.details(), personId, id] as const,
  view: (personId: string, id: string, view: "candidate" | "mentor") => [...interviewKeys.detail(personId, id), "view", view] as const,
};
