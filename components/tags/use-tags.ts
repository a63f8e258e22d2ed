"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy } from "@/components/api/api-queries";
import { peopleKeys } from "@/components/people/people-keys";
import { tagKeys } from "./tag-keys";

export type Tag = { id: string; name: string };

export function useTags() {
  return useQuery({ ...fetchedBy<Tag[]>(apiQueries.tags()), staleTime: 60_000 });
}

export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id ? apiFetch<Tag>(`/api/tags/${id}`, { method: "PATCH", body: { name } }) : apiFetch<Tag>("/api/tags", { method: "POST", body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/tags/${id}`, { method: "DELETE" }),
    // Deleting a tag takes it off everyone who had it.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: tagKeys.all }), qc.invalidateQueries({ queryKey: peopleKeys.all })]),
  });
}
