import { EVENT_TYPES } from "@/lib/webhooks/event-types.shared";
import { WEBHOOK_PAYLOAD_SCHEMAS } from "@/lib/webhooks/schemas";
import type { SchemaConverter } from "./json-schema";

const HEADERS = [
  ["webhook-id", "The event's id (`msg_…`): the same for every retry, redelivery and replay of the event. Use it to drop duplicates."],
  ["webhook-timestamp", "When this attempt was sent, in seconds since the epoch. Refuse timestamps far from your clock (the package allows 5 minutes)."],
  [
    "webhook-signature",
    "Space-separated `v1,<base64>` signatures: HMAC-SHA256 with the endpoint's secret (base64 after `whsec_`) over `<webhook-id>.<webhook-timestamp>.<body>`. During the 24 hours after a rotation there are two, one per secret: accept the request if any one matches.",
  ],
] as const;

/**
 * The document's `webhooks` (OpenAPI 3.1): one entry per event type, its body the event's
 * payload schema (lib/webhooks/schemas.ts), with the Standard Webhooks headers.
 */
export function buildWebhooks(schemas: SchemaConverter) {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const payload = WEBHOOK_PAYLOAD_SCHEMAS[type];
      return [
        type,
        {
          post: {
            tags: ["Webhooks"],
            summary: type,
            description: `${payload.description ?? ""} Sent to each enabled endpoint subscribed to \`${type}\` (see \`POST /api/webhooks\`), signed to the Standard Webhooks specification. \`data\` is what an API key with the read scope gets for the resource, without private form fields.`,
            operationId: `webhook_${type.replace(".", "_")}`,
            // The receiver checks the signature headers, not a credential of ours.
            security: [],
            parameters: HEADERS.map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } })),
            requestBody: { required: true, content: { "application/json": { schema: schemas.use(payload, "output") } } },
            responses: {
              "2XX": {
                description:
                  "Delivered. Any other answer, a redirect (never followed), or none within the time limit is a failure: retried with backoff for about a day, then the endpoint is disabled.",
              },
            },
          },
        },
      ];
    }),
  );
}
