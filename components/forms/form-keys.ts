/** TanStack Query keys of interview forms. */
export const formKeys = {
  all: ["forms"] as const,
  list: () => [...formKeys.all, "list"] as const,
  detail: (id: string) => [...formKeys.all, "detail", id] as const,
};
