import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { keySelect, serializeKey } from "./serialize-key";

/** One key of the district that is not revoked; 404 otherwise (another district's id included). */
export async function getKey(ctx: Ctx, id: string) {
  const row = await db().apiKey.findFirst({ where: { id, districtId: ctx.districtId, revokedAt: null }, select: keySelect() });
  if (!row) throw notFound("API key");
  return serializeKey(row);
}
