"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, isApiError } from "@/components/api/api-fetch";
import type { PutSsoConnectionBody, SsoConnection } from "@/lib/sso/schemas";
import { ssoKeys } from "./sso-keys";

export type { SsoConnection };

/** GET /api/settings/sso: the connection, or null while the district has none (404). */
export function useSsoConnection() {
  return useQuery({
    queryKey: ssoKeys.connection,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SsoConnection>("/api/settings/sso", { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePutSsoConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSsoConnectionBody) => apiFetch<SsoConnection>("/api/settings/sso", { method: "PUT", body }),
    onSuccess: (connection) => qc.setQueryData(ssoKeys.connection, connection),
  });
}

export function useDeleteSsoConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/settings/sso", { method: "DELETE" }),
    onSuccess: () => qc.setQueryData(ssoKeys.connection, null),
  });
}

/** DELETE /api/people/:id/sessions: signs the person out everywhere. */
export function useEndPersonSessions(personId: string) {
  return useMutation({ mutationFn: () => apiFetch(`/api/people/${encodeURIComponent(personId)}/sessions`, { method: "DELETE" }) });
}
