"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import type { Me } from "./me";

export const meKeys = {
  all: ["me"] as const,
};

/**
 * The signed-in person, cached for the whole tab: the frame's answer (app/(app)/layout.tsx) is put
 * in the cache by components/api/query-provider.tsx, so pages have it at once; it is refreshed
 * from /api/me like any query.
 */
export function useMe() {
  return useQuery({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => apiFetch<Me>("/api/me", { signal }),
    staleTime: 60_000,
  });
}
