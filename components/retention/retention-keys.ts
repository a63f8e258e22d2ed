/** TanStack Query keys of the retention settings. */
export const retentionKeys = {
  all: ["retention"] as const,
};
