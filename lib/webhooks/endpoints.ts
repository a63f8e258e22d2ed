import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import { assertMayRead, lockedEndpointTypes } from "./endpoint-access";
import { endpointUrlProblem } from "./endpoint-url";
import type { EventType } from "./event-types.shared";
import type { CreateEndpointInput, Endpoint, UpdateEndpointInput } from "./schemas";
import { generateSecret, sealSecret } from "./secrets";

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

const select = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  disabledAt: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type EndpointRow = { id: string; url: string; description: string; eventTypes: string[]; enabled: boolean; disabledReason: string | null; disabledAt: Date | null; previousSecretExpiresAt: Date | null; createdAt: Date; updatedAt: Date };

/** The endpoint as the API shows it: never its secrets. */
function serializeEndpoint(e: EndpointRow, now = Date.now()): Endpoint {
  const grace = e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now ? e.previousSecretExpiresAt.getTime() : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes as EventType[],
    enabled: e.enabled ? 1 : 0,
    disabled_reason: e.enabled ? null : e.disabledReason,
    disabled_at: e.enabled ? null : (e.disabledAt?.getTime() ?? null),
    previous_secret_expires_at: grace,
    created_at: e.createdAt.getTime(),
    updated_at: e.updatedAt.getTime(),
  };
}

function assertUsableUrl(url: string) {
  const problem = endpointUrlProblem(url);
  if (problem) throw invalid("url", problem);
}

/**
 * Runs `change` in a transaction holding the endpoint's row, once the caller is known to be
 * allowed to read every event it carries, and `alsoTypes` (endpoint-access.ts): 404 for another
 * district's or an unknown endpoint, 403 otherwise.
 */
async function managing<T>(ctx: Ctx, id: string, alsoTypes: readonly string[], change: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    const types = await lockedEndpointTypes(tx, ctx.districtId, id);
    if (!types) throw notFound("Webhook endpoint");
    assertMayRead(ctx, [...types, ...alsoTypes]);
    return change(tx);
  });
}

export async function listEndpoints(ctx: Ctx) {
  const rows = await db().webhookEndpoint.findMany({ where: { districtId: ctx.districtId }, select, orderBy: { createdAt: "desc" } });
  return rows.map((r) => serializeEndpoint(r));
}

export async function getEndpoint(ctx: Ctx, id: string) {
  const row = await db().webhookEndpoint.findFirst({ where: { id, districtId: ctx.districtId }, select });
  if (!row) throw notFound("Webhook endpoint");
  return serializeEndpoint(row);
}

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
    select,
  });
  return { ...serializeEndpoint(row), secret };
}

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
  const enabling = input.enabled === undefined ? {} : input.enabled ? { enabled: true, disabledReason: null, disabledAt: null } : { enabled: false, disabledReason: null, disabledAt: now };
  const write = async (tx: Tx) => {
    const [row] = await tx.webhookEndpoint.updateManyAndReturn({
      where: { id, districtId: ctx.districtId },
      data: { url: input.url, description: input.description, eventTypes: input.event_types, ...enabling, ...(takesOver ? { createdById: actorPersonId(ctx) } : {}), updatedAt: now },
      select,
    });
    if (!row) throw notFound("Webhook endpoint");
    return serializeEndpoint(row);
  };
  // A description alone changes nothing that is sent, nor where.
  return guarded ? managing(ctx, id, input.event_types ?? [], write) : db().$transaction(write);
}

/** Deletes the endpoint and its delivery log; deliveries still queued are dropped. */
export async function deleteEndpoint(ctx: Ctx, id: string) {
  return managing(ctx, id, [], async (tx) => {
    await tx.webhookEndpoint.deleteMany({ where: { id, districtId: ctx.districtId } });
    return { ok: true as const };
  });
}

/**
 * A new secret, returned once. The one it replaces keeps signing beside it for 24 hours (two
 * signatures in `webhook-signature`), so the receiver can switch without missing a delivery.
 * Rotating again within the 24 hours drops the oldest.
 */
export async function rotateSecret(ctx: Ctx, id: string) {
  const secret = generateSecret();
  const now = new Date();
  await managing(ctx, id, [], (tx) =>
    // One statement: the secret it replaces is the one current at that moment, even with two rotations at once.
    tx.$executeRaw`
      update webhook_endpoints
         set previous_secret = secret, secret = ${sealSecret(secret)}, previous_secret_expires_at = ${new Date(now.getTime() + ROTATION_GRACE_MS)}, updated_at = ${now}
       where id = ${id} and district_id = ${ctx.districtId}`,
  );
  return { ...(await getEndpoint(ctx, id)), secret };
}
