import type { Role } from "@/components/roles/role";

/** Role names of a person, the primary one first. */
export function roleNames(roles: Record<string, 1 | 2>, byId: Map<string, Role>): string[] {
  return Object.entries(roles)
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => byId.get(id)?.name)
    .filter((n): n is string => Boolean(n));
}
