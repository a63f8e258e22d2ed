"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import { apiKeyKeys } from "./api-key-keys";

export type Scope = "read:people" | "write:people" | "read:interviews" | "write:interviews" | "audit";
export type ApiKey = {
  id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  rotated_at: number | null;
  /** Earlier secrets still working during their grace period, newest first. */
  previous_secrets: { hint: string; created_at: number; last_used_at: number | null; expires_at: number }[];
};
export type NewApiKey = ApiKey & { key: string };

/** The scopes a key can hold, in the order they are offered; described by the keys messages (`scopes.<scope>`). */
export const SCOPES: Scope[] = ["read:people", "write:people", "read:interviews", "write:interviews", "audit"];

/** Scopes only an administrator (an admin-kind role) gives a key: the audit trail is theirs to read. */
export const ADMIN_SCOPES: readonly Scope[] = ["audit"];

type CreateKeyInput = { name: string; scopes: Scope[]; expires_at?: number | null };
const keys = crudHooks<ApiKey, CreateKeyInput, NewApiKey>({ path: "/api/keys", list: apiQueries.apiKeys, invalidates: [apiKeyKeys.all] });

export const useApiKeys = keys.useList;
export const useCreateApiKey = keys.useCreate;
/** Revoking is the key's DELETE. */
export const useRevokeApiKey = keys.useDelete;

/** A new secret for the key; the current one keeps working for `grace_seconds`. */
export function useRotateApiKey() {
  const invalidate = keys.useInvalidate();
  return useMutation({
    mutationFn: ({ id, grace_seconds }: { id: string; grace_seconds: number }) =>
      apiFetch<NewApiKey>(`/api/keys/${encodeURIComponent(id)}/rotate`, { method: "POST", body: { grace_seconds } }),
    onSuccess: invalidate,
  });
}
