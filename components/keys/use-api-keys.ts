"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiKeyKeys } from "./api-key-keys";

export type Scope = "read:people" | "write:people" | "read:interviews" | "write:interviews";
export type ApiKey = {
  id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
};
export type NewApiKey = ApiKey & { key: string };

/** The scopes a key can hold, in the order they are offered; described by the keys messages (`scopes.<scope>`). */
export const SCOPES: Scope[] = ["read:people", "write:people", "read:interviews", "write:interviews"];

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => apiFetch<ApiKey[]>("/api/keys", { signal }) });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: Scope[]; expires_at?: number | null }) =>
      apiFetch<NewApiKey>("/api/keys", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/keys/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
