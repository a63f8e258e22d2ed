"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import type { JobView } from "@/lib/jobs/schemas";
import { jobKeys } from "./job-keys";

export type Job = JobView;

/** The district's dead jobs (GET /api/jobs), refreshed every half minute while shown. */
export function useDeadJobs() {
  return useQuery({
    queryKey: jobKeys.list("failed"),
    queryFn: ({ signal }) => apiFetch<Job[]>("/api/jobs", { signal, query: { state: "failed" } }),
    refetchInterval: 30_000,
  });
}

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/jobs/${id}/retry`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
