import "server-only";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { createChannelSubscribers } from "./channel-subscribers";
import { createHttpApi } from "./http-api";
import { MAX_FRAME_BYTES } from "./limits";
import type { AppCredentials } from "./signatures";
import {
  PING,
  PROTOCOL_ERROR,
  SIGNIN_WAIT_MS,
  closeWithError,
  endAccess,
  openConnection,
  sendFrame,
  terminateUser,
  type Connection,
  type ConnectionContext,
} from "./socket-connection";
import { createUserIndex } from "./user-signin";
import { countRealtimeEvents, realtimeConnectionsGauge } from "@/lib/metrics/service-metrics";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("realtime");

export type EmbeddedRealtimeOptions = AppCredentials & {
  host: string;
  /** 0 picks a free port; the chosen one is in the result. */
  port: number;
  /** Seconds of client silence before the server pings (sent to clients as activity_timeout). */
  activityTimeoutSeconds?: number;
  /** Private channels only for sockets signed in with pusher:signin (the app's setting; off for bare-protocol tests). */
  requireSignin?: boolean;
};

export type EmbeddedRealtimeServer = {
  port: number;
  /** Tells every client to reconnect (4200), then stops listening. */
  close(): Promise<void>;
  /** Open, established WebSocket connections. */
  connections(): number;
  /** Whether the socket with this id is still open here. */
  isOpen(socketId: string): boolean;
  /** Closes every socket with 4200, which pusher-js answers by reconnecting and resubscribing at once. */
  reconnectAll(): void;
};

/** The open sockets of each server running in this process, for the metrics. */
const live = new Set<Map<string, Connection>>();

/** Pusher recommends answering a ping within 30 seconds; shorter when the activity timeout is. */
const MAX_PONG_WAIT_SECONDS = 30;
/** Sockets that do not complete the closing handshake in this time are cut. */
const CLOSE_GRACE_MS = 1000;

/**
 * A Pusher-protocol server (protocol 7) for setups without Pusher Channels or soketi:
 * pusher-js connects to ws://host:port/app/<key>, the `pusher` SDK publishes through the
 * HTTP API on the same port. Private channels need the app's signature; presence channels
 * are refused. State lives in memory: a restart drops subscriptions, and pusher-js
 * reconnects and resubscribes by itself.
 */
export async function startEmbeddedRealtimeServer(options: EmbeddedRealtimeOptions): Promise<EmbeddedRealtimeServer> {
  const app: AppCredentials = { appId: options.appId, key: options.key, secret: options.secret };
  // 30 s like soketi: below the 60 s after which common proxies drop an idle connection.
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 30;
  const connections = new Map<string, Connection>();
  // Each event a socket is sent through its channels is counted (cas_realtime_events_total).
  const subscribers = createChannelSubscribers<Connection>((connection, frame) => (countRealtimeEvents("delivered"), sendFrame(connection, frame)));
  live.add(connections);
  realtimeConnectionsGauge(() => [...live].reduce((sum, open) => sum + open.size, 0));
  const context: ConnectionContext = {
    app,
    activityTimeoutSeconds,
    connections,
    subscribers,
    users: createUserIndex(SIGNIN_WAIT_MS),
    requireSignin: options.requireSignin ?? false,
  };

  const server = http.createServer(
    createHttpApi(
      app,
      (channel, event, data, except) => (countRealtimeEvents("published"), subscribers.broadcast(channel, event, data, except)),
      (userId) => terminateUser(userId, context),
      (channel) => subscribers.occupied(channel),
    ),
  );
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  server.on("upgrade", (req, socket, head) => {
    socket.on("error", () => socket.destroy());
    try {
      sockets.handleUpgrade(req, socket, head, (ws) => openConnection(ws, req, context));
    } catch (error) {
      log.error({ err: error }, "upgrade failed");
      if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
      else socket.destroy();
    }
  });
  // Requests Node cannot parse (bad request lines, headers): a 400, never an error event.
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  // One timer for all connections rather than one per socket: pings, and sign-ins whose session ended.
  const activityMs = activityTimeoutSeconds * 1000;
  const pongWaitMs = Math.min(activityTimeoutSeconds, MAX_PONG_WAIT_SECONDS) * 1000;
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections.values()) {
        if (connection.signinExpiresAt !== undefined && now >= connection.signinExpiresAt) {
          connection.signinExpiresAt = undefined;
          endAccess(connection, context, "Your session has ended; sign in again.");
        } else if (connection.pingSentAt) {
          if (now - connection.pingSentAt >= pongWaitMs) {
            closeWithError(connection.socket, PROTOCOL_ERROR.pongNotReceived, "Pong reply not received.");
          }
        } else if (now - connection.lastMessageAt >= activityMs) {
          connection.pingSentAt = now;
          sendFrame(connection, PING);
        }
      }
    },
    // At least every second: a sign-in whose session ended closes within a second.
    Math.max(100, Math.min(activityMs, pongWaitMs, 4000) / 4),
  );
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const reconnectAll = (reason: string) => {
    for (const connection of connections.values()) closeWithError(connection.socket, PROTOCOL_ERROR.reconnectNow, reason);
  };

  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections.size,
    isOpen: (socketId) => connections.has(socketId),
    reconnectAll: () => reconnectAll("Reconnect now."),
    close: async () => {
      clearInterval(sweep);
      live.delete(connections);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      reconnectAll("Server stopping; reconnect shortly.");
      server.closeIdleConnections();
      const cut = setTimeout(() => {
        for (const connection of connections.values()) connection.socket.terminate();
        server.closeAllConnections();
      }, CLOSE_GRACE_MS);
      await closed;
      clearTimeout(cut);
    },
  };
}
