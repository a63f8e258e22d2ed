import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { getEndpoint } from "./get-endpoint";
import { managingEndpoint } from "./managing-endpoint";
import { generateSecret, sealSecret } from "./secrets";

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * A new secret, returned once. The one it replaces keeps signing beside it for 24 hours (two
 * signatures in `webhook-signature`), so the receiver can switch without missing a delivery.
 * Rotating again within the 24 hours drops the oldest.
 */
export async function rotateSecret(ctx: Ctx, id: string) {
  const secret = generateSecret();
  const now = new Date();
  await managingEndpoint(
    ctx,
    id,
    [],
    (tx) =>
      // One statement: the secret it replaces is the one current at that moment, even with two rotations at once.
      tx.$executeRaw`
      update webhook_endpoints
         set previous_secret = secret, secret = ${sealSecret(secret)}, previous_secret_expires_at = ${new Date(now.getTime() + ROTATION_GRACE_MS)}, updated_at = ${now}
       where id = ${id} and district_id = ${ctx.districtId}`,
  );
  return { ...(await getEndpoint(ctx, id)), secret };
}
