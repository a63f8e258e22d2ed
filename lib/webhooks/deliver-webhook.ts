import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { uiLocaleFor } from "@/lib/i18n/locales";
import { transactionWithJobs, type Enqueue } from "@/lib/jobs/enqueue";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { queueMail } from "@/lib/mail/queue-mail";
import { webhookDisabledMail, type WebhookDisabledCause } from "@/lib/mail/templates";
import { ownerProblem } from "./endpoint-access";
import { endpointSettingsUrl } from "./event-types.shared";
import { openSecret } from "./secrets";
import { sendWebhook } from "./send-webhook";
import { countWebhookDelivery } from "@/lib/metrics/service-metrics";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("webhooks");

/** The secrets that sign now: the current one, and the previous one until its 24 hours are over. */
function signingSecrets(endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now = new Date()) {
  const secrets = [openSecret(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(openSecret(endpoint.previousSecret));
  return secrets;
}

class DeliveryFailed extends Error {}

/**
 * The job "webhook-deliver": one attempt at one delivery. 2xx: delivered. Otherwise the attempt
 * is logged and the job fails, so the queue retries it with backoff (about a day); the last
 * attempt marks the delivery failed and disables the endpoint, telling the district's
 * administrators, all in one transaction. A test event is tried once and disables nothing. A
 * delivery to an endpoint disabled meanwhile is cancelled; one whose endpoint is gone is dropped.
 * One whose endpoint's owner may no longer read its events (archived, or without the rights now)
 * is cancelled unsent, and the endpoint disabled with why, the administrators told.
 */
export async function deliverWebhook(data: JobData["webhook-deliver"], job: JobInfo) {
  const where = { id: data.deliveryId, districtId: data.districtId };
  const delivery = await db().webhookDelivery.findFirst({
    where,
    select: {
      kind: true,
      status: true,
      endpoint: {
        select: { id: true, url: true, enabled: true, eventTypes: true, createdById: true, secret: true, previousSecret: true, previousSecretExpiresAt: true },
      },
      event: { select: { id: true, type: true, body: true } },
    },
  });
  if (!delivery) return { dropped: "the endpoint or the event is gone" };
  if (delivery.status === "delivered" || delivery.status === "failed" || delivery.status === "cancelled") return { already: delivery.status };
  const test = delivery.kind === "test";
  if (!delivery.endpoint.enabled && !test) {
    await db().webhookDelivery.updateMany({ where, data: { status: "cancelled", error: "The endpoint was disabled before this delivery was sent." } });
    return { cancelled: true };
  }
  // A test event carries no record; anything else no more than the endpoint's owner may read now.
  const refused = test
    ? null
    : await ownerProblem(db(), data.districtId, delivery.endpoint.createdById, [...delivery.endpoint.eventTypes, delivery.event.type]);
  if (refused) {
    log.warn({ endpointId: delivery.endpoint.id, deliveryId: data.deliveryId, reason: refused }, "endpoint disabled, delivery not sent");
    countWebhookDelivery("refused");
    await transactionWithJobs(async (tx, enqueue) => {
      await tx.webhookDelivery.updateMany({ where, data: { status: "cancelled", error: refused } });
      await disableEndpoint(tx, enqueue, data.districtId, delivery.endpoint.id, refused, "owner");
    });
    return { cancelled: refused };
  }

  const result = await sendWebhook({
    url: delivery.endpoint.url,
    eventId: delivery.event.id,
    body: delivery.event.body,
    secrets: signingSecrets(delivery.endpoint),
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
  });
  const attempt = { attempts: { increment: 1 }, responseStatus: result.status, responseMs: result.ms, error: result.error, lastAttemptAt: new Date() };
  if (result.ok) {
    await db().webhookDelivery.updateMany({ where, data: { ...attempt, status: "delivered", deliveredAt: new Date() } });
    countWebhookDelivery("delivered");
    return { delivered: result.status };
  }
  if (!job.isLastAttempt && !test) {
    await db().webhookDelivery.updateMany({ where, data: { ...attempt, status: "retrying" } });
    countWebhookDelivery("failed");
    // The queue retries it; the log already says why.
    throw new DeliveryFailed(result.error ?? "The delivery failed.");
  }
  await transactionWithJobs(async (tx, enqueue) => {
    await tx.webhookDelivery.updateMany({ where, data: { ...attempt, status: "failed" } });
    if (!test)
      await disableEndpoint(
        tx,
        enqueue,
        data.districtId,
        delivery.endpoint.id,
        `${job.retryCount + 1} attempts failed; the last one: ${result.error}`,
        "failing",
      );
  });
  countWebhookDelivery("dead");
  return { failed: result.error };
}

/**
 * Disables an endpoint whose deliveries ran out of retries (or whose owner may no longer read what
 * it carries), and queues an e-mail (in each one's language) to the district's active
 * administrators. Only the first delivery to give up does it.
 */
async function disableEndpoint(tx: Tx, enqueue: Enqueue, districtId: string, endpointId: string, reason: string, cause: WebhookDisabledCause) {
  const now = new Date();
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, districtId, enabled: true },
    data: { enabled: false, disabledReason: reason.slice(0, 1000), disabledAt: now, updatedAt: now },
  });
  if (!count) return;
  const endpoint = await tx.webhookEndpoint.findFirstOrThrow({ where: { id: endpointId, districtId }, select: { url: true } });
  const district = await tx.district.findUniqueOrThrow({ where: { id: districtId }, select: { name: true } });
  const admins = await tx.$queryRaw<{ email: string; language: string }[]>`
      select p.email, p.language from people p
       where p.district_id = ${districtId} and not p.archived
         and exists (select 1 from roles r where r.district_id = p.district_id and r.kind = 'admin' and jsonb_exists(p.roles, r.id))`;
  const settings = endpointSettingsUrl(serviceOrigin(), endpointId);
  for (const admin of admins) {
    await queueMail(enqueue, webhookDisabledMail(admin.email, endpoint.url, district.name, reason, settings, cause, uiLocaleFor(admin.language)), districtId);
  }
}
