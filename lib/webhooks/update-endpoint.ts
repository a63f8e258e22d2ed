import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { assertUsableUrl } from "./assert-usable-url";
import { managingEndpoint } from "./managing-endpoint";
import type { UpdateEndpointInput } from "./schemas";
import { endpointSelect, serializeEndpoint } from "./serialize-endpoint";

/**
 * PATCH: the fields sent. Enabling clears why it was disabled; the log is kept. Changing where it
 * goes, what it carries or whether it sends needs the right to read its events, old and new, and
 * whoever points it elsewhere, changes its events or enables it becomes its owner (the person
 * whose rights every delivery is checked against).
 */
export async function updateEndpoint(ctx: Ctx, id: string, input: UpdateEndpointInput) {
  if (input.url !== undefined) assertUsableUrl(input.url);
  const guarded = input.url !== undefined || input.event_types !== undefined || input.enabled !== undefined;
  const takesOver = input.url !== undefined || input.event_types !== undefined || input.enabled === true;
  const now = new Date();
  const enabling =
    input.enabled === undefined
      ? {}
      : input.enabled
        ? { enabled: true, disabledReason: null, disabledAt: null }
        : { enabled: false, disabledReason: null, disabledAt: now };
  const write = async (tx: Tx) => {
    const [row] = await tx.webhookEndpoint.updateManyAndReturn({
      where: { id, districtId: ctx.districtId },
      data: {
        url: input.url,
        description: input.description,
        eventTypes: input.event_types,
        ...enabling,
        ...(takesOver ? { createdById: actorPersonId(ctx) } : {}),
        updatedAt: now,
      },
      select: endpointSelect,
    });
    if (!row) throw notFound("Webhook endpoint");
    return serializeEndpoint(row);
  };
  // A description alone changes nothing that is sent, nor where.
  return guarded ? managingEndpoint(ctx, id, input.event_types ?? [], write) : db().$transaction(write);
}
