"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy } from "@/components/api/api-queries";
import type { Permission, RoleKind } from "@/components/me/me";
import { roleKeys } from "./role-keys";

export type Role = { id: string; name: string; kind: RoleKind; permissions: Permission[] };
export type RoleInput = { name?: string; kind?: RoleKind; permissions?: Permission[] };

/** Role kinds in the order they are offered; named by the roles messages (`kinds.<kind>`). */
export const ROLE_KINDS: RoleKind[] = ["admin", "board", "mentor", "candidate", "other"];

/** Permissions in the order they are offered; named by the roles messages (`permissions.<permission>`). */
export const PERMISSIONS: Permission[] = ["people:edit", "interviews:edit", "settings"];

export function useRoles() {
  return useQuery({ ...fetchedBy<Role[]>(apiQueries.roles()), staleTime: 60_000 });
}

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RoleInput }) =>
      id ? apiFetch<Role>(`/api/roles/${id}`, { method: "PATCH", body: input }) : apiFetch<Role>("/api/roles", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/roles/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
