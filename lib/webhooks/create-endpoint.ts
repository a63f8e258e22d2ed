import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertUsableUrl } from "./assert-usable-url";
import { assertMayRead } from "./endpoint-access";
import type { CreateEndpointInput } from "./schemas";
import { generateSecret, sealSecret } from "./secrets";
import { endpointSelect, serializeEndpoint } from "./serialize-endpoint";

/** The only moment (with rotation) the secret leaves the service: returned once, kept encrypted. */
export async function createEndpoint(ctx: Ctx, input: CreateEndpointInput) {
  assertUsableUrl(input.url);
  assertMayRead(ctx, input.event_types);
  const secret = generateSecret();
  const enabled = input.enabled ?? true;
  const row = await db().webhookEndpoint.create({
    data: {
      districtId: ctx.districtId,
      url: input.url,
      description: input.description ?? "",
      eventTypes: input.event_types,
      enabled,
      disabledAt: enabled ? null : new Date(),
      secret: sealSecret(secret),
      createdById: actorPersonId(ctx),
    },
    select: endpointSelect,
  });
  return { ...serializeEndpoint(row), secret };
}
