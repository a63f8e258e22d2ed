import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { endpointSelect, serializeEndpoint } from "./serialize-endpoint";

export async function getEndpoint(ctx: Ctx, id: string) {
  const row = await db().webhookEndpoint.findFirst({ where: { id, districtId: ctx.districtId }, select: endpointSelect });
  if (!row) throw notFound("Webhook endpoint");
  return serializeEndpoint(row);
}
