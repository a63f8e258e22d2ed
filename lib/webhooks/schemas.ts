import { z } from "zod";
import { flagSchema, multilingualTextResponseSchema, timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { interviewSchema, recordingSchema } from "@/lib/interviews/schemas";
import { apiKeySchema } from "@/lib/keys/schemas";
import { personDetailSchema } from "@/lib/people/schemas";
import { scorecardEventSchema } from "@/lib/scorecards/schemas";
import { text } from "@/lib/validation/text.shared";
import { EVENT_TYPES, type EventType } from "./event-types.shared";

// ---- Requests ----

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

const eventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]], { error: `Use one of: ${EVENT_TYPES.join(", ")}.` });

const eventTypes = z
  .array(eventTypeSchema)
  .min(1, "Choose at least one event type.")
  .max(EVENT_TYPES.length * 2)
  .transform((types) => [...new Set(types)]);

export const createEndpointSchema = z.object({
  url: text().trim().min(1, "Required.").max(2000).describe("Where events are POSTed: https (http only for hosts on WEBHOOK_URL_HOSTS)."),
  event_types: eventTypes,
  description: text().trim().max(500).optional(),
  enabled: flag.optional().describe("1 (default) to send events; 0 to keep the endpoint but send nothing."),
});

export const updateEndpointSchema = createEndpointSchema.partial();

export const listDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: idSchema.optional().describe("A delivery id: the page of deliveries older than it."),
  status: z.enum(["pending", "retrying", "delivered", "failed", "cancelled"]).optional(),
});

export const replaySchema = z.object({
  since: z
    .int()
    .refine((t) => t >= 0 && t <= Date.now(), "A time in the past, in milliseconds since the epoch.")
    .describe("Milliseconds since the epoch: every event since then (kept 30 days) is sent again."),
});

export type CreateEndpointInput = z.infer<typeof createEndpointSchema>;
export type UpdateEndpointInput = z.infer<typeof updateEndpointSchema>;
export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuery>;
export type ReplayInput = z.infer<typeof replaySchema>;

// ---- Responses ----

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().describe('`""` when none.'),
    event_types: z.array(eventTypeSchema),
    enabled: flagSchema.describe("1 while events are sent to it."),
    disabled_reason: z
      .string()
      .nullable()
      .describe(
        "Why the service disabled it (its deliveries failed for about a day, or its owner may no longer read the events it carries); null when enabled or disabled by an admin.",
      ),
    disabled_at: timestampSchema.nullable(),
    previous_secret_expires_at: timestampSchema
      .nullable()
      .describe("After a rotation: until when the previous secret still signs beside the new one (24 hours); null otherwise."),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .describe("A webhook endpoint of the district, without its secret.");

export const endpointWithSecretSchema = endpointSchema
  .extend({ secret: z.string().describe("The signing secret (`whsec_` + base64 of 32 bytes). Returned only here: store it now.") })
  .describe("A webhook endpoint with its new signing secret (returned only at creation and rotation).");

export const deliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string().describe("The event's id, sent as `webhook-id`: the same for every retry and redelivery."),
    event_type: z.string(),
    kind: z.enum(["event", "test", "redelivery", "replay"]).describe("Why it was sent."),
    status: z.enum(["pending", "retrying", "delivered", "failed", "cancelled"]),
    attempts: z.int(),
    response_status: z.int().nullable().describe("HTTP status of the last attempt's answer; null when there was none."),
    response_ms: z.int().nullable().describe("How long the last attempt took."),
    error: z.string().nullable().describe("Why the last attempt failed."),
    created_at: timestampSchema,
    last_attempt_at: timestampSchema.nullable(),
    delivered_at: timestampSchema.nullable(),
  })
  .describe("One event sent to the endpoint: the delivery log.");

export const sentSchema = z
  .object({ ok: z.literal(true), event_id: z.string(), delivery_id: z.string() })
  .describe("Queued: the delivery appears in the log at once.");

export const replayedSchema = z
  .object({
    ok: z.literal(true),
    events: z.int().describe("Events queued again."),
    next_since: timestampSchema.nullable().describe("When more than 10,000 events matched: replay again from this time for the rest; else null."),
  })
  .describe("The events queued again, each with its own id.");

export type Endpoint = z.infer<typeof endpointSchema>;
export type EndpointWithSecret = z.infer<typeof endpointWithSecretSchema>;
export type Delivery = z.infer<typeof deliverySchema>;

// ---- Event payloads (the body of each delivery) ----

const personData = personDetailSchema.omit({ photo_url: true, files: true, tag_details: true, interviews: true });
const recordingData = recordingSchema.extend({ id: z.string(), interview_id: z.string(), person_id: z.string() });

/** What `data` holds for each event type: what a key with the read scope gets, private form fields removed. */
export const EVENT_DATA_SCHEMAS = {
  "person.created": personData,
  "person.updated": personData,
  "person.archived": personData,
  "person.deleted": z.object({ id: z.string() }),
  "person.erased": z.object({ id: z.string().describe("The erased person's id: delete every copy of their details.") }),
  "interview.created": interviewSchema,
  "interview.updated": interviewSchema,
  "interview.published": interviewSchema,
  "interview.deleted": z.object({ id: z.string(), person_id: z.string() }),
  "recording.finalized": recordingData,
  "recording.transcribed": recordingData,
  "recording.summarized": recordingData,
  "recording.deleted": z.object({
    id: z.string(),
    interview_id: z.string(),
    person_id: z.string(),
    name: multilingualTextResponseSchema,
    deleted_at: timestampSchema.describe("When it was deleted."),
  }),
  "scorecard.submitted": scorecardEventSchema,
  "key.revoked": apiKeySchema.extend({ revoked_at: timestampSchema }),
} satisfies Record<EventType, z.ZodType>;

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D, description: string) =>
  z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe("When the event happened (ISO 8601, UTC); not when it was sent."),
      data,
    })
    .describe(description);

const DESCRIPTIONS: Record<EventType, string> = {
  "person.created": "A person was added to the district.",
  "person.updated": "A person changed (any field, including roles, tags, mentors, language).",
  "person.archived": "A person was archived (also sent as person.updated).",
  "person.deleted": "A person was deleted, with everything that belonged to them (their interviews each send interview.deleted).",
  "person.erased":
    "A person was erased on request (POST /api/people/{id}/erase): their name, e-mail, files, recordings, answers and message texts are gone; an anonymous row keeps their interviews' place. Delete every copy of their details.",
  "interview.created": "An interview was created.",
  "interview.updated": "An interview's answers, date or publication changed.",
  "interview.published": "An interview was published to its candidate and mentors (also sent as interview.updated).",
  "interview.deleted": "An interview was deleted.",
  "recording.finalized": "A recording of an interview was saved (its chunks combined into one file).",
  "recording.transcribed": "A recording was transcribed.",
  "recording.summarized": "A recording was summarized.",
  "recording.deleted": "A recording was deleted, with its transcript, summary and translations.",
  "scorecard.submitted": "A board member submitted their scorecard of an interview. Only for endpoints whose owner may read every scorecard (an admin).",
  "key.revoked": "An API key was revoked.",
};

/** The payload of each event type: `{ type, timestamp, data }` (Standard Webhooks). */
export const WEBHOOK_PAYLOAD_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((type) => [type, envelope(type, EVENT_DATA_SCHEMAS[type], DESCRIPTIONS[type])])) as {
  [T in EventType]: z.ZodObject<{ type: z.ZodLiteral<T>; timestamp: z.ZodString; data: (typeof EVENT_DATA_SCHEMAS)[T] }>;
};
