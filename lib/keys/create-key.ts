import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertMayHandOut } from "./assert-may-hand-out";
import { generateApiKey, hashApiKey } from "./key-format";
import type { CreateKeyInput } from "./schemas";
import { keySelect, serializeKey } from "./serialize-key";

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
