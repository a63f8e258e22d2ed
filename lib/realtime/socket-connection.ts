import "server-only";
import { randomInt } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WebSocket } from "ws";
import { parseBoundedJson } from "./bounded-json";
import { decodedSegment, parseTarget } from "./request-target";
import type { ChannelSubscribers } from "./channel-subscribers";
import {
  CLIENT_EVENTS_PER_SECOND,
  MAX_BUFFERED_BYTES_PER_CONNECTION,
  MAX_CONNECTIONS,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENT_NAME_LENGTH,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  eventDataBytes,
  isValidChannelName,
} from "./limits";
import { isChannelBoundTo, isValidChannelAuth, type AppCredentials } from "./signatures";
import { verifySignin, type UserIndex } from "./user-signin";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("realtime");

/**
 * Pusher protocol error codes. pusher-js acts on the range: 4000–4099 it gives up,
 * 4100–4199 it reconnects after a pause, 4200–4299 it reconnects at once.
 */
export const PROTOCOL_ERROR = {
  unknownAppKey: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
  /** Pusher's generic "something went wrong with this message" code: the socket stays open. */
  genericError: 4300,
  clientEventRejected: 4301,
  /** Closed by the app (terminate_connections) or a sign-in refused: pusher-js does not retry on its own. */
  unauthorized: 4009,
} as const;

/** How long a private subscription waits for the socket's sign-in when sign-in is required. */
export const SIGNIN_WAIT_MS = 10_000;

/** The protocol version pusher-js (v7+) and the documented protocol speak. */
const PROTOCOL_VERSION = "7";

/** One client's state: kept small, since a server holds thousands of these. */
export type Connection = {
  id: string;
  socket: WebSocket;
  channels: Set<string>;
  openedAt: number;
  lastMessageAt: number;
  /** When a server ping went out still unanswered; 0 when none is pending. */
  pingSentAt: number;
  clientEventWindowStart: number;
  clientEventsInWindow: number;
  /** The user this socket signed in as (pusher:signin), if it did. */
  userId?: string;
  /** When that sign-in ends (the session behind it expires), in ms since the epoch. */
  signinExpiresAt?: number;
  /** Private subscriptions that arrived before the sign-in, when sign-in is required. */
  awaitingSignin?: Record<string, unknown>[];
};

export type ConnectionContext = {
  app: AppCredentials;
  activityTimeoutSeconds: number;
  connections: Map<string, Connection>;
  subscribers: ChannelSubscribers<Connection>;
  users: UserIndex<Connection>;
  /**
   * Private channels only for signed-in sockets: a socket that could hold a subscription without
   * a user would survive terminate_connections, and so outlive the access it was granted for.
   */
  requireSignin: boolean;
};

const frameOf = (message: object) => Buffer.from(JSON.stringify(message));
const PONG = frameOf({ event: "pusher:pong", data: {} });
export const PING = frameOf({ event: "pusher:ping", data: {} });

export function sendFrame(connection: Connection, frame: Buffer) {
  const { socket } = connection;
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(frame, { binary: false });
  // A reader that stopped reading must not make the server hold an ever-growing queue.
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES_PER_CONNECTION) socket.terminate();
}

/** `pusher:error` then a close with the same code, which is how pusher-js learns what to do next. */
export function closeWithError(socket: WebSocket, code: number, message: string) {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ event: "pusher:error", data: { code, message } }));
  socket.close(code, message.slice(0, 120));
}

function sendError(connection: Connection, code: number, message: string, channel?: string) {
  sendFrame(connection, frameOf({ event: "pusher:error", ...(channel ? { channel } : {}), data: { code, message } }));
}

function sendSubscriptionError(connection: Connection, channel: string, type: string, error: string, status: number) {
  // The shape pusher-js emits as `pusher:subscription_error` on the channel.
  sendFrame(connection, frameOf({ event: "pusher:subscription_error", channel, data: { type, error, status } }));
}

function newSocketId(connections: Map<string, Connection>) {
  // Random, so a signature captured for an earlier socket never matches a later one.
  for (;;) {
    const id = `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
    if (!connections.has(id)) return id;
  }
}

/** Runs the handshake on a freshly upgraded socket and, if it passes, serves it. */
export function openConnection(socket: WebSocket, request: IncomingMessage, context: ConnectionContext) {
  socket.on("error", () => socket.terminate());
  const url = parseTarget(request.url);
  const match = url && /^\/app\/([^/]+)$/.exec(url.pathname);
  if (!match) return closeWithError(socket, PROTOCOL_ERROR.pathNotFound, "Path not found; connect to /app/<key>.");
  if (decodedSegment(match[1]) !== context.app.key) {
    return closeWithError(socket, PROTOCOL_ERROR.unknownAppKey, "Unknown app key.");
  }
  const protocol = url.searchParams.get("protocol");
  if (!protocol) return closeWithError(socket, PROTOCOL_ERROR.noProtocol, "No protocol version supplied.");
  if (protocol !== PROTOCOL_VERSION) {
    return closeWithError(socket, PROTOCOL_ERROR.unsupportedProtocol, `Unsupported protocol version ${protocol.slice(0, 10)}; use ${PROTOCOL_VERSION}.`);
  }
  if (context.connections.size >= MAX_CONNECTIONS) {
    return closeWithError(socket, PROTOCOL_ERROR.overCapacity, "Over capacity; retry later.");
  }

  const connection: Connection = {
    id: newSocketId(context.connections),
    socket,
    channels: new Set(),
    openedAt: Date.now(),
    lastMessageAt: Date.now(),
    pingSentAt: 0,
    clientEventWindowStart: 0,
    clientEventsInWindow: 0,
  };
  context.connections.set(connection.id, connection);
  socket.on("close", () => {
    context.connections.delete(connection.id);
    for (const channel of connection.channels) context.subscribers.remove(channel, connection);
    if (connection.userId) context.users.remove(connection.userId, connection);
  });
  socket.on("message", (raw, isBinary) => {
    // A socket the server is closing (a refused sign-in, a termination) does nothing more: what
    // it sent after the close began is not relayed.
    if (socket.readyState !== WebSocket.OPEN) return;
    connection.lastMessageAt = Date.now();
    connection.pingSentAt = 0;
    // The protocol is JSON text frames only; anything else is ignored, as Pusher does.
    if (isBinary) return;
    const message = parseObject(raw.toString());
    if (!message) return sendError(connection, PROTOCOL_ERROR.genericError, "Messages must be JSON objects (at most 32 levels deep).");
    try {
      handleMessage(connection, message, context);
    } catch (error) {
      // One client's message never takes the server down: it gets an error, the others nothing.
      log.error({ err: error }, "a client message could not be handled");
      sendError(connection, PROTOCOL_ERROR.genericError, "The message could not be handled.");
    }
  });
  sendFrame(
    connection,
    frameOf({
      event: "pusher:connection_established",
      data: JSON.stringify({ socket_id: connection.id, activity_timeout: context.activityTimeoutSeconds }),
    }),
  );
}

function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== "string") return undefined;
  const value = parseBoundedJson(text);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function handleMessage(connection: Connection, message: Record<string, unknown>, context: ConnectionContext) {
  const event = message.event;
  if (typeof event !== "string") return;
  // Clients send `data` as an object; tolerate the string form some libraries use.
  const data = (typeof message.data === "string" ? parseObject(message.data) : message.data) as Record<string, unknown> | undefined;
  switch (event) {
    case "pusher:ping":
      return sendFrame(connection, PONG);
    case "pusher:pong":
      return;
    case "pusher:subscribe":
      return subscribe(connection, data, context);
    case "pusher:signin":
      return signin(connection, data, context);
    case "pusher:unsubscribe":
      if (typeof data?.channel === "string") {
        connection.channels.delete(data.channel);
        context.subscribers.remove(data.channel, connection);
      }
      return;
    default:
      if (event.startsWith("client-")) return relayClientEvent(connection, event, message, context);
  }
}

function subscribe(connection: Connection, data: Record<string, unknown> | undefined, context: ConnectionContext) {
  const channel = data?.channel;
  if (typeof channel !== "string" || !isValidChannelName(channel)) {
    const name = typeof channel === "string" ? channel.slice(0, 200) : "";
    return sendSubscriptionError(connection, name, "InvalidChannel", "Invalid channel name.", 400);
  }
  if (channel.startsWith("presence-")) {
    return sendSubscriptionError(connection, channel, "UnsupportedChannel", "Presence channels are not supported by this server.", 400);
  }
  if (channel.startsWith("private-") && context.requireSignin && !connection.userId) return awaitSignin(connection, data!);
  if (channel.startsWith("private-") && !isValidChannelAuth(context.app, connection.id, channel, data?.auth)) {
    return sendSubscriptionError(connection, channel, "AuthError", "Invalid signature for this socket and channel.", 401);
  }
  // A subscription authorised for someone else would outlive that person's access: terminate_connections closes only the signed-in user's sockets.
  const bound = () => isChannelBoundTo(context.app, connection.id, channel, data?.channel_data, connection.userId!);
  if (channel.startsWith("private-") && context.requireSignin && !bound()) {
    return sendSubscriptionError(connection, channel, "AuthError", "This subscription was not authorised for the signed-in user.", 401);
  }
  if (!connection.channels.has(channel)) {
    if (connection.channels.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return sendSubscriptionError(connection, channel, "LimitReached", `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} channels per connection.`, 400);
    }
    connection.channels.add(channel);
    context.subscribers.add(channel, connection);
  }
  sendFrame(connection, frameOf({ event: "pusher_internal:subscription_succeeded", channel, data: "{}" }));
}

function signin(connection: Connection, data: Record<string, unknown> | undefined, context: ConnectionContext) {
  const result = verifySignin(context.app, connection.id, data);
  if ("error" in result) return closeWithError(connection.socket, PROTOCOL_ERROR.unauthorized, result.error);
  if (!context.users.maySignIn(result.userId, connection.openedAt)) {
    return closeWithError(
      connection.socket,
      PROTOCOL_ERROR.unauthorized,
      `Sign in within ${SIGNIN_WAIT_MS / 1000} s of connecting, on a connection opened since your access last changed.`,
    );
  }
  if (connection.userId && connection.userId !== result.userId) {
    return closeWithError(connection.socket, PROTOCOL_ERROR.unauthorized, "This socket is signed in as another user.");
  }
  connection.userId = result.userId;
  connection.signinExpiresAt = result.expiresAt;
  context.users.add(result.userId, connection);
  sendFrame(connection, frameOf({ event: "pusher:signin_success", data: { user_data: result.userData } }));
  const waiting = connection.awaitingSignin ?? [];
  connection.awaitingSignin = undefined;
  for (const subscription of waiting) subscribe(connection, subscription, context);
}

/** Holds a private subscription until the socket signs in (pusher-js sends both at once on connect). */
function awaitSignin(connection: Connection, data: Record<string, unknown>) {
  if (connection.awaitingSignin) {
    if (connection.awaitingSignin.length < MAX_SUBSCRIPTIONS_PER_CONNECTION) connection.awaitingSignin.push(data);
    return;
  }
  connection.awaitingSignin = [data];
  setTimeout(() => {
    const waiting = connection.awaitingSignin ?? [];
    connection.awaitingSignin = undefined;
    for (const subscription of waiting) {
      sendSubscriptionError(connection, String(subscription.channel), "AuthError", "Sign in (pusher:signin) before subscribing to private channels.", 401);
    }
  }, SIGNIN_WAIT_MS).unref();
}

/** Unsubscribes the socket at once (no event published from here on reaches it, even before the close completes), then closes it with 4009. */
export function endAccess(connection: Connection, context: ConnectionContext, message: string) {
  for (const channel of connection.channels) context.subscribers.remove(channel, connection);
  connection.channels.clear();
  closeWithError(connection.socket, PROTOCOL_ERROR.unauthorized, message);
}

/** Closes every socket of `userId` (the HTTP API's terminate_connections). */
export function terminateUser(userId: string, context: ConnectionContext) {
  context.users.terminated(userId);
  const sockets = context.users.socketsOf(userId);
  for (const connection of sockets) endAccess(connection, context, "Your access has ended; sign in again.");
  return sockets.length;
}

/** Client events: private channels the sender is subscribed to, never echoed back to it. */
function relayClientEvent(connection: Connection, event: string, message: Record<string, unknown>, context: ConnectionContext) {
  const channel = message.channel;
  const reject = (reason: string) =>
    sendError(connection, PROTOCOL_ERROR.clientEventRejected, `Client event rejected: ${reason}`, typeof channel === "string" ? channel : undefined);
  if (typeof channel !== "string" || !channel.startsWith("private-") || channel.startsWith("private-encrypted-")) {
    return reject("client events are only supported on private channels.");
  }
  if (!connection.channels.has(channel)) return reject(`this connection is not subscribed to ${channel}.`);
  if (event.length > MAX_EVENT_NAME_LENGTH) return reject(`event names are limited to ${MAX_EVENT_NAME_LENGTH} characters.`);
  if (eventDataBytes(message.data) > MAX_EVENT_DATA_BYTES) return reject(`event data is limited to ${MAX_EVENT_DATA_BYTES / 1024} KB.`);
  const now = Date.now();
  if (now - connection.clientEventWindowStart >= 1000) {
    connection.clientEventWindowStart = now;
    connection.clientEventsInWindow = 0;
  }
  if (++connection.clientEventsInWindow > CLIENT_EVENTS_PER_SECOND) {
    return reject(`at most ${CLIENT_EVENTS_PER_SECOND} client events per second.`);
  }
  context.subscribers.broadcast(channel, event, message.data, connection.id);
}
