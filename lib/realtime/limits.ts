/**
 * Pusher Channels' documented limits. The embedded server enforces the same numbers as the
 * hosted service, so code that works locally does not start failing in production.
 */
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_EVENTS_PER_BATCH = 10;
const MAX_CHANNEL_NAME_LENGTH = 200;
export const MAX_EVENT_NAME_LENGTH = 200;
export const CLIENT_EVENTS_PER_SECOND = 10;
/** Characters Pusher allows in a channel name (the `pusher` SDK refuses any other). */
const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
/** "<digits>.<digits>", the shape the `pusher` SDK validates. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

// The embedded server's own bounds, so that one client cannot exhaust the process.
/** A batch of 10 events of 10 KB, JSON-escaped, fits well below this. */
export const MAX_API_BODY_BYTES = 1024 * 1024;
/** Largest WebSocket frame accepted from a client (a 10 KB client event plus its envelope). */
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1000;
export const MAX_CONNECTIONS = 20_000;
/** A client that lets this much queue up unread is cut off; pusher-js reconnects and the app refetches. */
export const MAX_BUFFERED_BYTES_PER_CONNECTION = 1024 * 1024;

export function isValidChannelName(name: string): boolean {
  return name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME_PATTERN.test(name);
}

/** Bytes an event's data counts for: the string itself, or the JSON a client sent. */
export function eventDataBytes(data: unknown): number {
  return Buffer.byteLength(typeof data === "string" ? data : (JSON.stringify(data) ?? ""));
}
