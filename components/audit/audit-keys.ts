/** TanStack Query keys of the audit trail. */
export const auditKeys = {
  all: ["audit"] as const,
  list: (query: Record<string, string>) => [...auditKeys.all, "list", query] as const,
};
