import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { keySelect, serializeKey } from "./serialize-key";

/** All keys of the district that are not revoked (expired ones are listed, marked by expires_at). */
export async function listKeys(ctx: Ctx) {
  const rows = await db().apiKey.findMany({ where: { districtId: ctx.districtId, revokedAt: null }, select: keySelect(), orderBy: { createdAt: "desc" } });
  return rows.map(serializeKey);
}
