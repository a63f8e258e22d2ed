import type { Permission, RoleKind, Scope } from "./permissions";

export type PersonActor = {
  type: "person";
  personId: string;
  language: string;
  kinds: ReadonlySet<RoleKind>;
  permissions: ReadonlySet<Permission>;
  sessionToken: string;
  /** The session's id (never its token): how the audit trail names it (lib/audit/). */
  sessionId?: string;
  /** When the session ends (ms since the epoch): a realtime sign-in lasts no longer. */
  sessionExpiresAt: number;
};
type KeyActor = { type: "key"; keyId: string; scopes: ReadonlySet<Scope> };

/**
 * A context built from what this process remembers of a session, for a read that checks the
 * session in its own statement (lib/auth/session-check.ts): `expected` is the state it was built
 * from, and `confirmed` is set once the read's statement saw that state.
 */
type SessionCheck = { expected: string; confirmed: boolean };

/** Who is asking, for which district. Every domain function takes it first. */
export type Ctx = { districtId: string; actor: PersonActor | KeyActor; origin: string; sessionCheck?: SessionCheck };

/** A role a person holds, as authentication reads it: its kind and its permissions. */
export type HeldRole = { kind: RoleKind; permissions: Permission[] };

/** The kinds and permissions a person's held roles give them. */
export const rightsOf = (held: HeldRole[]) => ({ kinds: new Set(held.map((r) => r.kind)), permissions: new Set(held.flatMap((r) => r.permissions)) });

/** An admin-kind role grants every permission; otherwise the union of the held roles'. */
export function hasPermission(ctx: Ctx, permission: Permission): boolean {
  if (ctx.actor.type === "key") return true; // keys are limited by scopes, checked by the wrapper
  return ctx.actor.kinds.has("admin") || ctx.actor.permissions.has(permission);
}

/** Admins, board members and API keys see every interview and every private field. */
export function isStaff(ctx: Ctx): boolean {
  if (ctx.actor.type === "key") return true;
  return ctx.actor.kinds.has("admin") || ctx.actor.kinds.has("board");
}

/** Staff, plus anyone who may edit people or settings, sees the whole district's people. */
export function seesAllPeople(ctx: Ctx): boolean {
  return isStaff(ctx) || hasPermission(ctx, "people:edit") || hasPermission(ctx, "settings");
}

/** A person holding the mentor kind: sees themself and their assigned candidates (lib/people/visibility.ts). */
export const isMentor = (ctx: Ctx) => ctx.actor.type === "person" && ctx.actor.kinds.has("mentor");

export const actorPersonId = (ctx: Ctx) => (ctx.actor.type === "person" ? ctx.actor.personId : null);
