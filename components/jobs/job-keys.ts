/** TanStack Query keys of the district's jobs. */
export const jobKeys = {
  all: ["jobs"] as const,
  list: (state: string) => [...jobKeys.all, "list", state] as const,
};
