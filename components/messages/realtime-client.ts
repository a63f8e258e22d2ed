"use client";

import type Pusher from "pusher-js";
import type { Channel } from "pusher-js";
import { apiFetch } from "@/components/api/api-fetch";
import { onIdle } from "@/components/ui/use-idle";
import { interviewChannel, RECORDING_CHANGED_EVENT, RECORDING_STEP_EVENT } from "@/lib/audio/recording-events.shared";
import { conversationChannel as conversationChannelName } from "@/lib/messages/realtime-events.shared";
import type { RealtimeSettings } from "./chat-types";

/**
 * The tab's one realtime connection (pusher-js, loaded on demand: it is not part of any page's
 * first load). It connects with the settings from GET /api/realtime, authorizes private
 * channels through POST /api/realtime/auth (JSON through the app's fetch, not pusher-js's
 * form post), and keeps the person channel, on which every conversation event for this person
 * arrives. Listeners get those events, and a "resync" each time that channel is subscribed, at
 * first and whenever the connection comes back (events sent before never arrive: everything must
 * be fetched again).
 */

export type RealtimeStatus = "idle" | "connecting" | "connected" | "reconnecting" | "offline";
type EventListener = (name: string, data: unknown) => void;

/** Pusher's close code for connections the app terminated (terminateUserConnections). */
const TERMINATED = 4009;

const eventListeners = new Set<EventListener>();
const resyncListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();
let status: RealtimeStatus = "idle";
let client: Promise<Pusher> | null = null;
let everConnected = false;

function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function statusFor(state: string): RealtimeStatus {
  if (state === "connected") return "connected";
  if (state === "connecting" || state === "initialized") return everConnected ? "reconnecting" : "connecting";
  return "offline"; // unavailable, disconnected, failed
}

async function connect(): Promise<Pusher> {
  const [{ default: PusherClient }, settings] = await Promise.all([import("pusher-js"), apiFetch<RealtimeSettings>("/api/realtime")]);
  const pusher = new PusherClient(settings.key, {
    cluster: settings.cluster,
    wsHost: settings.wsHost,
    wsPort: settings.wsPort,
    wssPort: settings.wssPort,
    forceTLS: settings.forceTLS,
    enabledTransports: settings.enabledTransports,
    disableStats: true,
    channelAuthorization: {
      endpoint: settings.authEndpoint,
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        apiFetch<{ auth: string; channel_data?: string }>(settings.authEndpoint, {
          method: "POST",
          body: { socket_id: socketId, channel_name: channelName },
        }).then(
          (auth) => callback(null, auth),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
    // The socket signs in as this person, so that losing access (archived, signed out, left a
    // conversation) closes it on the server; channels wait for the sign-in.
    userAuthentication: {
      endpoint: settings.authEndpoint,
      transport: "ajax",
      customHandler: ({ socketId }, callback) => {
        apiFetch<{ auth: string; user_data: string }>(settings.authEndpoint, { method: "POST", body: { socket_id: socketId } }).then(
          (auth) => callback(null, auth),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
  pusher.signin();
  // 4009: the server ended this person's sockets because some access ended. pusher-js does not
  // retry on its own; connecting again authorises every channel afresh, and drops the lost ones.
  pusher.connection.bind("error", (error: { data?: { code?: number } }) => {
    if (error?.data?.code === TERMINATED) setTimeout(() => pusher.connect(), 1000);
  });
  pusher.connection.bind("state_change", ({ current }: { current: string }) => {
    if (current === "connected") everConnected = true;
    setStatus(statusFor(current));
  });

  const person = pusher.subscribe(settings.person_channel);
  person.bind("pusher:subscription_succeeded", () => {
    // Whatever was published before this subscription never arrives: the first time, what the
    // page was fetched or rendered with before it; after a reconnect (pusher-js subscribes again
    // by itself), whatever came while the connection was down. Either way, fetch it again.
    for (const listener of resyncListeners) listener();
  });
  person.bind_global((name: string, data: unknown) => {
    if (name.startsWith("pusher:") || name.startsWith("pusher_internal:")) return;
    for (const listener of eventListeners) listener(name, data);
  });

  // The browser knows at once when the network is gone; pusher-js would wait for a ping to time out.
  window.addEventListener("offline", () => {
    pusher.disconnect();
    setStatus("offline");
  });
  window.addEventListener("online", () => pusher.connect());
  if (!navigator.onLine) pusher.disconnect();
  return pusher;
}

/**
 * Starts the connection once per tab (later calls return the same one), when the browser is first
 * idle. Connecting loads a module, sends a request and opens a socket: on a phone that is a long
 * task in the middle of hydration, when an interview page or the chat asks for its channel.
 * Nothing is lost by waiting, as every first subscription fetches again what the page was
 * rendered with.
 */
export function startRealtime(): Promise<Pusher> {
  if (typeof window === "undefined") return new Promise(() => {});
  if (!client) {
    setStatus("connecting");
    client = new Promise<void>((resolve) => onIdle(() => resolve())).then(connect).catch((error: unknown) => {
      client = null;
      setStatus("offline");
      throw error;
    });
  }
  return client;
}

/**
 * Starts the connection and, until the returned function is called, tries again every 5 s while
 * it cannot start (no settings: the server down, offline at load), calling `afterRetry` after each
 * new try: whatever was published meanwhile is missed.
 */
export function keepRealtimeStarted(afterRetry: () => void): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const attempt = () =>
    void startRealtime().catch(() => {
      if (stopped) return;
      retry = setTimeout(() => {
        attempt();
        afterRetry();
      }, 5000);
    });
  attempt();
  return () => {
    stopped = true;
    clearTimeout(retry);
  };
}

/** Every server event on the person channel (`conversation-created`, `message-created`, …). */
export function onRealtimeEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Called each time the connection is back after a drop: refetch. */
export function onResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

export function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export const getStatus = () => status;

const channelUsers = new Map<string, number>();

/**
 * A private channel of this tab (authorised by the app when subscribed), for as long as a view
 * shows it; released (unsubscribed when nobody else in the tab uses it) by the returned function.
 */
function openPrivateChannel(name: string, ready: (channel: Channel) => void): () => void {
  let released = false;
  channelUsers.set(name, (channelUsers.get(name) ?? 0) + 1);
  void startRealtime()
    .then((pusher) => {
      if (!released) ready(pusher.channel(name) ?? pusher.subscribe(name));
    })
    .catch(() => {});
  return () => {
    released = true;
    const users = (channelUsers.get(name) ?? 1) - 1;
    if (users > 0) channelUsers.set(name, users);
    else {
      channelUsers.delete(name);
      void client?.then((pusher) => pusher.unsubscribe(name)).catch(() => {});
    }
  };
}

/** The conversation's private channel, for client events (typing) while it is shown. */
export const openConversationChannel = (conversationId: string, ready: (channel: Channel) => void) =>
  openPrivateChannel(conversationChannelName(conversationId), ready);

/**
 * The interview's channel while its page is open: `onStep` hears how its recordings' server-side
 * steps stand (`recording-step`), `onChanged` a recording renamed or deleted (`recording-changed`), and `onSubscribed` each time the channel is subscribed: at
 * first, the page's data may be older than the subscription (it came with the HTML: events sent
 * in between never arrive), and after a drop events sent meanwhile are lost: refetch either way.
 */
export function openInterviewChannel(
  interviewId: string,
  onStep: (data: unknown) => void,
  onSubscribed: () => void,
  onChanged: (data: unknown) => void = () => {},
): () => void {
  let bound: Channel | null = null;
  const release = openPrivateChannel(interviewChannel(interviewId), (channel) => {
    bound = channel;
    channel.bind(RECORDING_STEP_EVENT, onStep);
    channel.bind(RECORDING_CHANGED_EVENT, onChanged);
    channel.bind("pusher:subscription_succeeded", onSubscribed);
  });
  return () => {
    bound?.unbind(RECORDING_STEP_EVENT, onStep);
    bound?.unbind(RECORDING_CHANGED_EVENT, onChanged);
    bound?.unbind("pusher:subscription_succeeded", onSubscribed);
    release();
  };
}
