import { z } from "zod";

export const PERMISSIONS = ["people:edit", "interviews:edit", "settings"] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

const ROLE_KINDS = ["admin", "board", "mentor", "candidate", "other"] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
export const roleKindSchema = z.enum(ROLE_KINDS);

/** `audit`: reads the district's audit trail (GET /api/audit, /api/audit.csv); only an admin gives it to a key. */
export const SCOPES = ["read:people", "write:people", "read:interviews", "write:interviews", "audit"] as const;
export type Scope = (typeof SCOPES)[number];
export const scopeSchema = z.enum(SCOPES);

/** The roles a new district starts with: one of each kind. */
export const DEFAULT_ROLES: { name: string; kind: RoleKind; permissions: Permission[] }[] = [
  { name: "Administrator", kind: "admin", permissions: ["people:edit", "interviews:edit", "settings"] },
  { name: "Board member", kind: "board", permissions: ["interviews:edit"] },
  { name: "Mentor", kind: "mentor", permissions: [] },
  { name: "Candidate", kind: "candidate", permissions: [] },
  { name: "Staff", kind: "other", permissions: [] },
];
