/** GET /api/me: the signed-in person and what they may do (server pages get the same from pageMe). */
// The API's shapes (lib/people/schemas.ts, lib/auth/permissions.ts), as types only: nothing of
// the server reaches the browser.
import type { Permission } from "@/lib/auth/permissions";
import type { Me } from "@/lib/people/schemas";

export type { Me, Permission };
export type { RoleKind } from "@/lib/auth/permissions";

export const hasPermission = (me: Me | undefined, permission: Permission) => Boolean(me?.permissions.includes(permission));

/** Whether the person sees every person of the district (same rule as lib/auth/context seesAllPeople). */
export const seesAllPeople = (me: Me | undefined) => Boolean(me && (me.staff || me.permissions.includes("people:edit") || me.permissions.includes("settings")));
