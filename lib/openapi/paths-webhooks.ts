import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import {
  createEndpointSchema,
  deliverySchema,
  endpointSchema,
  endpointWithSecretSchema,
  listDeliveriesQuery,
  replayedSchema,
  replaySchema,
  sentSchema,
  updateEndpointSchema,
} from "@/lib/webhooks/schemas";
import type { Endpoints } from "./operation";

// Webhook endpoints are an administrator's: sessions with the settings permission (an API key gets 403).
const id = { id: "The endpoint's id." };
const disabled409 = "`conflict`: the endpoint is disabled; enable it first (`PATCH` with `enabled: 1`).";
const unreadable403 =
  "`forbidden`: the endpoint carries events the caller may not read (interview and recording events need someone who sees every interview; person events someone who sees every person; `key.revoked` the settings permission).";

export const webhookEndpoints = {
  listWebhookEndpoints: {
    method: "GET",
    path: "/api/webhooks",
    auth: "session",
    permission: "settings",
    tag: "Webhooks",
    summary: "List webhook endpoints",
    description: "The district's endpoints, newest first, with their state (a disabled one says why). Never their secrets.",
    response: { description: "The endpoints.", schema: z.array(endpointSchema) },
  },
  createWebhookEndpoint: {
    method: "POST",
    path: "/api/webhooks",
    auth: "session",
    permission: "settings",
    body: createEndpointSchema,
    status: 201,
    tag: "Webhooks",
    summary: "Create a webhook endpoint",
    description:
      "Events of the chosen types are POSTed to `url`, signed to the Standard Webhooks specification (see the document's `webhooks`). The signing secret is returned once. " +
      "The URL must be https to a public address; hosts the operator lists in `WEBHOOK_URL_HOSTS` may be on loopback or a private network and use http. " +
      "Nobody sets up an endpoint for events they may not read: interview and recording events need someone who sees every interview, person events someone who sees every person, `key.revoked` the settings permission (403 otherwise). " +
      "The creator is the endpoint's owner: before each delivery the service checks that the owner may still read the endpoint's events, and if not (archived, or a role taken away) the event is not sent and the endpoint is disabled, its reason saying why, the administrators told by e-mail.",
    response: { description: "The new endpoint, including `secret`.", schema: endpointWithSecretSchema },
    errors: {
      403: unreadable403,
      400: "`validation_error`: an unknown event type, none, or a URL that cannot be used (path `url` says why: not https, credentials, a loopback or private address…).",
    },
  },
  getWebhookEndpoint: {
    method: "GET",
    path: "/api/webhooks/{id}",
    auth: "session",
    permission: "settings",
    tag: "Webhooks",
    summary: "Get a webhook endpoint",
    pathParams: id,
    response: { description: "The endpoint.", schema: endpointSchema },
  },
  updateWebhookEndpoint: {
    method: "PATCH",
    path: "/api/webhooks/{id}",
    auth: "session",
    permission: "settings",
    body: updateEndpointSchema,
    tag: "Webhooks",
    summary: "Update a webhook endpoint",
    description:
      "Only the fields sent change. `enabled: 0` stops sending (the events are still kept for a replay); `enabled: 1` sends again and clears why it was disabled. " +
      "Changing `url`, `event_types` or `enabled` needs the right to read every event the endpoint carries, before and after (403 otherwise); whoever changes `url` or `event_types`, or enables it, becomes its owner (see `POST /api/webhooks`). `description` alone is the settings permission's.",
    pathParams: id,
    response: { description: "The updated endpoint.", schema: endpointSchema },
    errors: { 403: unreadable403 },
  },
  deleteWebhookEndpoint: {
    method: "DELETE",
    path: "/api/webhooks/{id}",
    auth: "session",
    permission: "settings",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: "With its delivery log; deliveries still queued are dropped.",
    pathParams: id,
    response: { description: "Deleted.", schema: okSchema },
    errors: { 403: unreadable403 },
  },
  rotateWebhookSecret: {
    method: "POST",
    path: "/api/webhooks/{id}/rotate",
    auth: "session",
    permission: "settings",
    tag: "Webhooks",
    summary: "Rotate the signing secret",
    description:
      "Returns a new secret, once. For 24 hours the previous secret signs beside it (two signatures in `webhook-signature`), so the receiver can switch without missing a delivery.",
    pathParams: id,
    response: { description: "The endpoint with its new `secret`.", schema: endpointWithSecretSchema },
    errors: { 403: unreadable403 },
  },
  sendWebhookTestEvent: {
    method: "POST",
    path: "/api/webhooks/{id}/test",
    auth: "session",
    permission: "settings",
    status: 202,
    tag: "Webhooks",
    summary: "Send a test event",
    description: "A `webhook.test` event to this endpoint only, tried once (also when the endpoint is disabled). Its result appears in the delivery log.",
    pathParams: id,
    response: { description: "Queued.", schema: sentSchema },
    errors: { 403: unreadable403 },
  },
  listWebhookDeliveries: {
    method: "GET",
    path: "/api/webhooks/{id}/deliveries",
    auth: "session",
    permission: "settings",
    query: listDeliveriesQuery,
    tag: "Webhooks",
    summary: "The delivery log",
    description: "Deliveries to the endpoint, newest first (kept 30 days): the event, status, attempts, the last answer's status and time, why it failed.",
    pathParams: id,
    queryDocs: {
      limit: { description: "How many (1-200, default 50).", example: 50 },
      before: { description: "A delivery id: the deliveries older than it (the next page)." },
      status: { description: "Only deliveries in this state: `pending`, `retrying`, `delivered`, `failed` or `cancelled`.", example: "failed" },
    },
    response: { description: "The deliveries.", schema: z.array(deliverySchema) },
  },
  redeliverWebhook: {
    method: "POST",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver",
    auth: "session",
    permission: "settings",
    status: 202,
    tag: "Webhooks",
    summary: "Redeliver an event",
    description: "The same event (same body, same `webhook-id`) again, as a new delivery in the log.",
    pathParams: { ...id, deliveryId: "A delivery of this endpoint." },
    response: { description: "Queued.", schema: sentSchema },
    errors: { 403: unreadable403, 409: disabled409 },
  },
  replayWebhookEvents: {
    method: "POST",
    path: "/api/webhooks/{id}/replay",
    auth: "session",
    permission: "settings",
    body: replaySchema,
    status: 202,
    tag: "Webhooks",
    summary: "Replay events since a time",
    description:
      "Every event of the endpoint's types since `since` (events are kept 30 days), oldest first, sent again with its original `webhook-id`. At most 10,000 at once: `next_since` says where to go on from.",
    pathParams: id,
    response: { description: "Queued.", schema: replayedSchema },
    errors: { 403: unreadable403, 409: disabled409 },
  },
} satisfies Endpoints;
