/**
 * The webhook event types, grouped by the resource they report on (the settings page offers
 * them in these groups). Plain data: the browser imports it too.
 */
export const EVENT_GROUPS = {
  person: ["person.created", "person.updated", "person.archived", "person.deleted", "person.erased"],
  interview: ["interview.created", "interview.updated", "interview.published", "interview.deleted"],
  recording: ["recording.finalized", "recording.transcribed", "recording.summarized", "recording.deleted"],
  scorecard: ["scorecard.submitted"],
  key: ["key.revoked"],
} as const;

export type EventGroup = keyof typeof EVENT_GROUPS;
export type EventType = (typeof EVENT_GROUPS)[EventGroup][number];

export const EVENT_TYPES = Object.values(EVENT_GROUPS).flat() as EventType[];

/** The event "Send test event" sends; never subscribed to, never replayed. */
export const TEST_EVENT_TYPE = "webhook.test";

/** Events whose data only someone who sees every interview of the district may read. */
export const needsAllInterviews = (type: string) => type.startsWith("interview.") || type.startsWith("recording.");

/** Events whose data only someone who may read every scorecard (an admin) may read: what a board member wrote. */
export const needsAllScorecards = (type: string) => type.startsWith("scorecard.");

/** The settings page's query parameter naming the endpoint to open (scrolled to, its delivery log shown). */
export const ENDPOINT_PARAM = "endpoint";

/** The settings page with this endpoint open: where the "endpoint disabled" e-mail links. */
export const endpointSettingsUrl = (origin: string, endpointId: string) => `${origin}/settings/webhooks?${ENDPOINT_PARAM}=${encodeURIComponent(endpointId)}`;
