import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { endpointSelect, serializeEndpoint } from "./serialize-endpoint";

export async function listEndpoints(ctx: Ctx) {
  const rows = await db().webhookEndpoint.findMany({ where: { districtId: ctx.districtId }, select: endpointSelect, orderBy: { createdAt: "desc" } });
  return rows.map((r) => serializeEndpoint(r));
}
