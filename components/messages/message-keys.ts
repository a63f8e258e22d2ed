/** Query keys of the messages feature (TanStack Query key factory: never inline keys). */
export const messageKeys = {
  all: ["messages"] as const,
  list: () => [...messageKeys.all, "list"] as const,
  contacts: () => [...messageKeys.all, "contacts"] as const,
  conversations: () => [...messageKeys.all, "conversation"] as const,
  conversation: (id: string) => [...messageKeys.conversations(), id] as const,
};
