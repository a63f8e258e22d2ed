"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import type { RetentionSettings, UpdateRetention } from "@/lib/retention/schemas";
import { retentionKeys } from "./retention-keys";

export type { RetentionSettings };

/** GET /api/settings/retention: the periods and what the next run will delete. */
export function useRetention() {
  return useQuery({
    queryKey: retentionKeys.all,
    queryFn: ({ signal }) => apiFetch<RetentionSettings>("/api/settings/retention", { signal }),
  });
}

export function useUpdateRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRetention) => apiFetch<RetentionSettings>("/api/settings/retention", { method: "PATCH", body }),
    onSuccess: (settings) => qc.setQueryData(retentionKeys.all, settings),
  });
}
