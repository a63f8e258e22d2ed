import "server-only";
import Pusher from "pusher";
import { realtimeCredentials, realtimeServerSettings } from "./config";
import { MAX_CHANNELS_PER_EVENT, MAX_EVENTS_PER_BATCH } from "./limits";
import { boundChannelData } from "./signatures";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("realtime");

export type RealtimeEvent = {
  channel: string;
  name: string;
  /** Sent as is when a string, else as JSON. At most 10 KB. */
  data: unknown;
  /** The socket that caused the event (it already shows the change), left out of the delivery. */
  excludeSocketId?: string;
};

/** A publish that gets no answer in this time counts as failed rather than holding the caller. */
const PUBLISH_TIMEOUT_MS = 5000;

let client: { for: Pusher.Options; pusher: Pusher } | undefined;

/** One SDK instance, made again only when the configuration changes (tests reset env). */
function pusher(): Pusher {
  const settings = realtimeServerSettings();
  if (client?.for !== settings) client = { for: settings, pusher: new Pusher({ ...settings, timeout: PUBLISH_TIMEOUT_MS }) };
  return client.pusher;
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

function describe(error: unknown) {
  const { status, body, message } = error as { status?: number; body?: string; message?: string };
  return status ? `HTTP ${status}: ${String(body ?? "").slice(0, 300)}` : (message ?? String(error));
}

/** Runs one request; a failure is logged, never thrown: clients recover by refetching. */
async function attempt(what: string, send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    log.error({ what, failure: describe(error) }, "a request to the realtime service failed");
    return false;
  }
}

/**
 * Triggers `event` on the channels, 100 channels per request (Pusher's limit). Resolves to
 * whether every request succeeded; never rejects.
 */
export async function publish(channels: string | string[], event: string, data: unknown, options: { excludeSocketId?: string } = {}): Promise<boolean> {
  const unique = [...new Set(typeof channels === "string" ? [channels] : channels)];
  const params = options.excludeSocketId ? { socket_id: options.excludeSocketId } : undefined;
  const results = await Promise.all(
    chunked(unique, MAX_CHANNELS_PER_EVENT).map((part) =>
      attempt(`publishing "${event}" to ${part.length} channel(s)`, () => pusher().trigger(part, event, data, params)),
    ),
  );
  return results.every(Boolean);
}

/** Triggers several events, 10 per request (Pusher's batch limit). Never rejects. */
export async function publishBatch(events: RealtimeEvent[]): Promise<boolean> {
  const results = await Promise.all(
    chunked(events, MAX_EVENTS_PER_BATCH).map((part) =>
      attempt(`publishing a batch of ${part.length} event(s)`, () =>
        pusher().triggerBatch(
          part.map((e) => ({ channel: e.channel, name: e.name, data: e.data, ...(e.excludeSocketId ? { socket_id: e.excludeSocketId } : {}) })),
        ),
      ),
    ),
  );
  return results.every(Boolean);
}

/**
 * The signature a socket presents to subscribe to a private channel: `{ auth }`, to return
 * as JSON from the auth endpoint once the caller may read that channel; with `userId`, also the
 * `channel_data` that binds the subscription to that signed-in user. Throws on a malformed
 * socket id or channel name (answer 400 then).
 */
export function authorizeChannel(socketId: string, channel: string, userId?: string): Pusher.ChannelAuthResponse {
  const signed = pusher().authorizeChannel(socketId, channel);
  if (userId === undefined || !bindsChannelsToUsers()) return signed;
  return { ...signed, channel_data: boundChannelData(realtimeCredentials(), socketId, channel, userId) };
}

/**
 * Private subscriptions carry the user they were authorised for (signatures.ts boundChannelData)
 * to every server but hosted Pusher Channels (PUSHER_CLUSTER without PUSHER_HOST): the embedded
 * server requires it; soketi ignores channel_data on private channels; what hosted Pusher does
 * with it is not documented, so it is not sent there.
 */
function bindsChannelsToUsers(): boolean {
  return Boolean((realtimeServerSettings() as { host?: string }).host);
}

/**
 * The signature of a socket's `pusher:signin` as `userId`: `{ auth, user_data }`. With
 * `sessionExpiresAt`, the user data carries it (`user_info.session_expires`, ms since the epoch),
 * and the embedded server closes the socket then. Throws on a malformed socket id.
 */
export function authenticateUser(socketId: string, userId: string, sessionExpiresAt?: number): Pusher.UserAuthResponse {
  return pusher().authenticateUser(socketId, { id: userId, ...(sessionExpiresAt !== undefined && { user_info: { session_expires: sessionExpiresAt } }) });
}

/**
 * Whether anyone is subscribed to `channel` now (Pusher's channel info, which Pusher Channels,
 * soketi and the embedded server answer), or undefined when the realtime service cannot say.
 */
export async function channelOccupied(channel: string): Promise<boolean | undefined> {
  try {
    const response = await pusher().get({ path: `/channels/${encodeURIComponent(channel)}` });
    const body = (await response.json()) as { occupied?: unknown };
    return body.occupied === true;
  } catch (error) {
    log.warn({ channel, failure: describe(error) }, "the realtime service did not say whether a channel is occupied");
    return undefined;
  }
}

/** After a failed termination, tried again after these waits (about 30 s in all), then given up. */
const TERMINATE_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000];

/**
 * Closes every socket signed in as `userId` (Pusher's terminate_connections): their
 * subscriptions end at once, and whatever they subscribe to next is authorised again. Resolves
 * to whether the first attempt worked; never rejects. A failed one is tried again in this
 * process, with backoff, while the caller goes on (docs/messages.md, "Losing access ends open sockets": why not a job).
 */
export async function terminateUserConnections(userId: string): Promise<boolean> {
  const terminate = () => pusher().terminateUserConnections(userId);
  if (await attempt(`ending the connections of user ${userId}`, terminate)) return true;
  void (async () => {
    for (const [i, delay] of TERMINATE_RETRY_DELAYS_MS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (await attempt(`ending the connections of user ${userId} (retry ${i + 1})`, terminate)) return;
    }
    log.error({ userId }, "gave up ending the connections of a user: their open sockets keep their subscriptions until they drop");
  })();
  return false;
}

/** Ends the realtime access of everyone in `userIds` (each once, side by side): they lost sight of something. */
export async function endRealtimeAccess(userIds: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => terminateUserConnections(id)));
}
