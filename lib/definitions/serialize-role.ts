import type { Role } from "./schemas";

type RoleRow = { id: string; name: string; kind: string; permissions: string[] };
// kind and permissions are plain strings in the database (validated on the way in): the key
// set is checked against the schema here, the values by the API tests.
export const toRole = (r: RoleRow) =>
  ({ id: r.id, name: r.name, kind: r.kind, permissions: [...new Set(r.permissions)] }) satisfies Record<keyof Role, unknown>;
export const roleSelect = { id: true, name: true, kind: true, permissions: true } as const;
