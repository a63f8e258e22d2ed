import type { Permission, RoleKind } from "@/components/me/me";

export type Role = { id: string; name: string; kind: RoleKind; permissions: Permission[] };

/** Role kinds in the order they are offered; named by the roles messages (`kinds.<kind>`). */
export const ROLE_KINDS: RoleKind[] = ["admin", "board", "mentor", "candidate", "other"];

/** Permissions in the order they are offered; named by the roles messages (`permissions.<permission>`). */
export const PERMISSIONS: Permission[] = ["people:edit", "interviews:edit", "settings"];
