import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { assertMayRead, lockedEndpointTypes } from "./endpoint-access";

/**
 * Runs `change` in a transaction holding the endpoint's row, once the caller is known to be
 * allowed to read every event it carries, and `alsoTypes` (endpoint-access.ts): 404 for another
 * district's or an unknown endpoint, 403 otherwise.
 */
export async function managingEndpoint<T>(ctx: Ctx, id: string, alsoTypes: readonly string[], change: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    const types = await lockedEndpointTypes(tx, ctx.districtId, id);
    if (!types) throw notFound("Webhook endpoint");
    assertMayRead(ctx, [...types, ...alsoTypes]);
    return change(tx);
  });
}
