"use client";

import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import type { Permission, RoleKind } from "@/components/me/me";
import { roleKeys } from "./role-keys";

export type Role = { id: string; name: string; kind: RoleKind; permissions: Permission[] };
type RoleInput = { name?: string; kind?: RoleKind; permissions?: Permission[] };

/** Role kinds in the order they are offered; named by the roles messages (`kinds.<kind>`). */
export const ROLE_KINDS: RoleKind[] = ["admin", "board", "mentor", "candidate", "other"];

/** Permissions in the order they are offered; named by the roles messages (`permissions.<permission>`). */
export const PERMISSIONS: Permission[] = ["people:edit", "interviews:edit", "settings"];

const roles = crudHooks<Role, RoleInput>({ path: "/api/roles", list: apiQueries.roles, invalidates: [roleKeys.all], staleTime: 60_000 });

export const useRoles = roles.useList;
export const useSaveRole = roles.useSave;
export const useDeleteRole = roles.useDelete;
