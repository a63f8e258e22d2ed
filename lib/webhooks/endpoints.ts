import "server-only";
import { actorPersonId, hasPermission, seesAllPeople, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, invalid, notFound } from "@/lib/errors/app-error";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { endpointUrlProblem } from "./endpoint-url";
import { needsAllInterviews, type EventType } from "./event-types";
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
 * An endpoint never carries more than the one who sets it up may read: interview and recording
 * events need someone who sees every interview (admins, board members, interview editors).
 */
function assertMayRead(ctx: Ctx, types: readonly string[]) {
  if (types.some(needsAllInterviews) && !seesAllInterviews(ctx)) {
    throw forbidden("You cannot subscribe to interview or recording events: you may not read every interview of the district.");
  }
  if (types.some((t) => t.startsWith("person.")) && !seesAllPeople(ctx)) throw forbidden("You cannot subscribe to person events: you may not read every person of the district.");
  if (types.includes("key.revoked") && !hasPermission(ctx, "settings")) throw forbidden("You need the settings permission to subscribe to key events.");
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

/** PATCH: the fields sent. Enabling clears why it was disabled; the log is kept. */
export async function updateEndpoint(ctx: Ctx, id: string, input: UpdateEndpointInput) {
  if (input.url !== undefined) assertUsableUrl(input.url);
  if (input.event_types) assertMayRead(ctx, input.event_types);
  const now = new Date();
  const enabling = input.enabled === undefined ? {} : input.enabled ? { enabled: true, disabledReason: null, disabledAt: null } : { enabled: false, disabledReason: null, disabledAt: now };
  const [row] = await db().webhookEndpoint.updateManyAndReturn({
    where: { id, districtId: ctx.districtId },
    data: { url: input.url, description: input.description, eventTypes: input.event_types, ...enabling, updatedAt: now },
    select,
  });
  if (!row) throw notFound("Webhook endpoint");
  return serializeEndpoint(row);
}

/** Deletes the endpoint and its delivery log; deliveries still queued are dropped. */
export async function deleteEndpoint(ctx: Ctx, id: string) {
  const { count } = await db().webhookEndpoint.deleteMany({ where: { id, districtId: ctx.districtId } });
  if (!count) throw notFound("Webhook endpoint");
  return { ok: true as const };
}

/**
 * A new secret, returned once. The one it replaces keeps signing beside it for 24 hours (two
 * signatures in `webhook-signature`), so the receiver can switch without missing a delivery.
 * Rotating again within the 24 hours drops the oldest.
 */
export async function rotateSecret(ctx: Ctx, id: string) {
  const secret = generateSecret();
  const now = new Date();
  // One statement: the secret it replaces is the one current at that moment, even with two rotations at once.
  const count = await db().$executeRaw`
    update webhook_endpoints
       set previous_secret = secret, secret = ${sealSecret(secret)}, previous_secret_expires_at = ${new Date(now.getTime() + ROTATION_GRACE_MS)}, updated_at = ${now}
     where id = ${id} and district_id = ${ctx.districtId}`;
  if (!count) throw notFound("Webhook endpoint");
  return { ...(await getEndpoint(ctx, id)), secret };
}
