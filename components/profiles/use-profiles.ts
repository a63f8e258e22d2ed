"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy } from "@/components/api/api-queries";
import { profileKeys } from "./profile-keys";
import type { Profile, UpdateProfileInput as ProfileInput } from "@/lib/profiles/schemas";

/** An interview profile: a kind of interview, with the form its interviews start with. */
export type { Profile } from "@/lib/profiles/schemas";

export function useProfiles() {
  return useQuery({ ...fetchedBy<Profile[]>(apiQueries.profiles()), staleTime: 60_000 });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProfileInput }) =>
      id
        ? apiFetch<Profile>(`/api/profiles/${encodeURIComponent(id)}`, { method: "PATCH", body: input })
        : apiFetch<Profile>("/api/profiles", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useDeleteProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/profiles/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
