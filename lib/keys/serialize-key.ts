import type { ApiKey } from "./schemas";

type SecretRow = { hint: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date };
type KeyRow = {
  id: string;
  name: string;
  hint: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  rotatedAt: Date | null;
  retiredSecrets: SecretRow[];
};

// The stored scopes are plain strings (validated on creation), so the key set is checked
// against the schema here; the values are checked by the API tests (tests/api/openapi.test.ts).
export const serializeKey = (k: KeyRow) =>
  ({
    id: k.id,
    name: k.name,
    hint: k.hint,
    scopes: k.scopes,
    created_at: k.createdAt.getTime(),
    last_used_at: k.lastUsedAt?.getTime() ?? null,
    expires_at: k.expiresAt?.getTime() ?? null,
    rotated_at: k.rotatedAt?.getTime() ?? null,
    previous_secrets: k.retiredSecrets.map((s) => ({
      hint: s.hint,
      created_at: s.createdAt.getTime(),
      last_used_at: s.lastUsedAt?.getTime() ?? null,
      expires_at: s.expiresAt.getTime(),
    })),
  }) satisfies Record<keyof ApiKey, unknown>;

/** What a key is listed with: its earlier secrets only while they still work. */
export const keySelect = () =>
  ({
    id: true,
    name: true,
    hint: true,
    scopes: true,
    createdAt: true,
    lastUsedAt: true,
    expiresAt: true,
    rotatedAt: true,
    retiredSecrets: {
      where: { expiresAt: { gt: new Date() } },
      select: { hint: true, createdAt: true, lastUsedAt: true, expiresAt: true },
      orderBy: { retiredAt: "desc" },
    },
  }) as const;
