import { randomBytes, randomInt } from "node:crypto";
import PusherClient, { type Channel } from "pusher-js";
import { resetEnvCache } from "@/lib/env";
import { startEmbeddedRealtimeServer } from "@/lib/realtime/embedded-server";
import { authorizeChannel } from "@/lib/realtime/publish";

/** Signs a subscription, as the app's auth route would; throw (or reject) to refuse it. */
export type ChannelAuthorizer = (socketId: string, channelName: string) => Promise<{ auth: string }> | { auth: string };

/** Signs a socket's pusher:signin, as the app's auth route does without a channel name. */
export type UserAuthenticator = (socketId: string) => Promise<{ auth: string; user_data: string }> | { auth: string; user_data: string };

/** A message as pusher-js hands it over (data already parsed from JSON when it was JSON). */
export type ReceivedMessage = { event: string; channel?: string; data: unknown };

const ENV_NAMES = ["PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "PUSHER_CLUSTER", "PUSHER_HOST", "PUSHER_PORT", "PUSHER_USE_TLS", "REALTIME_PORT"];
const DEFAULT_WAIT_MS = 5000;

/** `promise`, or a rejection naming `what` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts an embedded realtime server on a free port with fresh credentials and points env
 * at it (as a configured service: PUSHER_HOST=127.0.0.1, PUSHER_PORT=<port>), so the app's
 * publish/authorize code talks to it. `close()` disconnects the clients, stops the server and
 * restores env.
 */
export async function startTestRealtime(options: { activityTimeoutSeconds?: number; requireSignin?: boolean } = {}) {
  const credentials = {
    appId: String(randomInt(100_000, 1_000_000_000)),
    key: randomBytes(10).toString("hex"),
    secret: randomBytes(32).toString("hex"),
  };
  const server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...credentials, ...options });
  const port = server.port;
  const previous = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    PUSHER_APP_ID: credentials.appId,
    PUSHER_KEY: credentials.key,
    PUSHER_SECRET: credentials.secret,
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String(port),
    PUSHER_USE_TLS: "false",
    REALTIME_PORT: String(port),
  });
  delete process.env.PUSHER_CLUSTER;
  resetEnvCache();
  const clients = new Set<PusherClient>();

  return {
    port,
    ...credentials,
    /** Open server-side WebSocket connections. */
    connections: () => server.connections(),
    /** Whether the server still holds the socket with this id. */
    isOpen: (socketId: string) => server.isOpen(socketId),

    /**
     * Closes every client's socket server-side (code 4200): pusher-js reconnects with a new
     * socket id and resubscribes by itself, as after a network drop.
     */
    reconnectAll: () => server.reconnectAll(),

    /** A real pusher-js client (Node build), connected; signs subscriptions with `authorizer` (default: the app secret). */
    async connectClient(authorizer: ChannelAuthorizer = authorizeChannel, authenticator?: UserAuthenticator): Promise<PusherClient> {
      const client = new PusherClient(credentials.key, {
        cluster: "test",
        wsHost: "127.0.0.1",
        wsPort: port,
        wssPort: port,
        forceTLS: false,
        enabledTransports: ["ws"],
        channelAuthorization: {
          customHandler: ({ socketId, channelName }, callback) => {
            Promise.resolve()
              .then(() => authorizer(socketId, channelName))
              .then(
                (auth) => callback(null, auth),
                (error) => callback(error instanceof Error ? error : new Error(String(error)), null),
              );
          },
        },
        ...(authenticator && {
          userAuthentication: {
            customHandler: ({ socketId }, callback) => {
              Promise.resolve()
                .then(() => authenticator(socketId))
                .then(
                  (auth) => callback(null, auth),
                  (error) => callback(error instanceof Error ? error : new Error(String(error)), null),
                );
            },
          },
        }),
      });
      if (authenticator) client.signin();
      clients.add(client);
      await untilConnected(client);
      return client;
    },

    async close() {
      for (const client of clients) client.disconnect();
      await server.close();
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
    },
  };
}

export type TestRealtime = Awaited<ReturnType<typeof startTestRealtime>>;

/** Resolves once the client is connected (again). */
export function untilConnected(client: PusherClient, ms = DEFAULT_WAIT_MS): Promise<void> {
  if (client.connection.state === "connected") return Promise.resolve();
  return withTimeout(
    new Promise<void>((resolve) => {
      const onConnected = () => {
        client.connection.unbind("connected", onConnected);
        resolve();
      };
      client.connection.bind("connected", onConnected);
    }),
    ms,
    "the pusher-js client to connect",
  );
}

/** Subscribes; resolves with the channel once the server confirms, rejects with the subscription_error data. */
export function subscribe(client: PusherClient, channelName: string, ms = DEFAULT_WAIT_MS): Promise<Channel> {
  const channel = client.subscribe(channelName);
  return withTimeout(
    new Promise<Channel>((resolve, reject) => {
      channel.bind("pusher:subscription_succeeded", () => resolve(channel));
      channel.bind("pusher:subscription_error", (error: unknown) => reject(Object.assign(new Error("subscription_error"), { data: error })));
    }),
    ms,
    `the subscription to ${channelName}`,
  );
}

/** The data of the next `event` on the channel. */
export function nextEvent<T = unknown>(channel: Channel, event: string, ms = DEFAULT_WAIT_MS): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve) => {
      const listener = (data: T) => {
        channel.unbind(event, listener);
        resolve(data);
      };
      channel.bind(event, listener);
    }),
    ms,
    `"${event}" on ${channel.name}`,
  );
}

/** Every message the client receives from now on (including internal ones), in order. */
export function recordMessages(client: PusherClient): ReceivedMessage[] {
  const received: ReceivedMessage[] = [];
  client.connection.bind("message", (message: ReceivedMessage) => received.push(message));
  return received;
}
