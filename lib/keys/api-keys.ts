import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { generateApiKey, hashApiKey } from "./key-format";
import type { ApiKey, CreateKeyInput } from "./schemas";

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
const serializeKey = (k: KeyRow) =>
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
const keySelect = () =>
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

/** All keys of the district that are not revoked (expired ones are listed, marked by expires_at). */
export async function listKeys(ctx: Ctx) {
  const rows = await db().apiKey.findMany({ where: { districtId: ctx.districtId, revokedAt: null }, select: keySelect(), orderBy: { createdAt: "desc" } });
  return rows.map(serializeKey);
}

/** One key of the district that is not revoked; 404 otherwise (another district's id included). */
export async function getKey(ctx: Ctx, id: string) {
  const row = await db().apiKey.findFirst({ where: { id, districtId: ctx.districtId, revokedAt: null }, select: keySelect() });
  if (!row) throw notFound("API key");
  return serializeKey(row);
}

/**
 * The audit trail is for administrators (GET /api/audit needs an admin-kind role): whoever else
 * holds `settings` may not give a key the `audit` scope, nor take a new secret of a key that has it.
 */
export function assertMayHandOut(ctx: Ctx, scopes: readonly string[]) {
  const admin = ctx.actor.type === "person" && ctx.actor.kinds.has("admin");
  if (scopes.includes("audit") && !admin) throw forbidden("Only an administrator may hand out a key with the audit scope.");
}

/** The only moment the full key exists outside the caller's hands: it is returned once, stored as a hash. */
export async function createKey(ctx: Ctx, input: CreateKeyInput) {
  assertMayHandOut(ctx, input.scopes);
  const key = generateApiKey();
  const row = await db().apiKey.create({
    data: {
      districtId: ctx.districtId,
      name: input.name,
      hash: hashApiKey(key),
      hint: key.slice(-4),
      scopes: [...new Set(input.scopes)],
      createdById: actorPersonId(ctx),
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    },
    select: keySelect(),
  });
  return { ...serializeKey(row), key };
}

/** Revoking the key ends every secret of it: earlier ones are accepted only through a key that is not revoked. */
export async function revokeKey(ctx: Ctx, id: string) {
  await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const revokedAt = new Date();
    const { count } = await tx.apiKey.updateMany({ where: { id, districtId: ctx.districtId, revokedAt: null }, data: { revokedAt } });
    if (!count) throw notFound("API key");
    const row = await tx.apiKey.findFirstOrThrow({ where: { id, districtId: ctx.districtId }, select: keySelect() });
    await emit("key.revoked", () => ({ ...serializeKey(row), revoked_at: revokedAt.getTime() }));
  });
  return { ok: true as const };
}
