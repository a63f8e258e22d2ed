/** TanStack Query keys of the district's webhook endpoints and their delivery logs. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, "deliveries", endpointId] as const,
};
