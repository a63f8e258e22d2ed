import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type Pusher from "pusher";
import { z } from "zod";
import { env, type Env } from "@/lib/env";
import type { EmbeddedRealtimeOptions } from "./embedded-server";
import type { AppCredentials } from "./signatures";

/** "service": Pusher Channels or a self-hosted soketi/sockudo from PUSHER_*; "embedded": our own server. */
export type RealtimeMode = "service" | "embedded";

/** Options for pusher-js in the browser (`new Pusher(config.key, config)`). */
export type RealtimeClientConfig = {
  key: string;
  cluster: string;
  wsHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  enabledTransports: ("ws" | "wss")[];
  authEndpoint: string;
};

const REALTIME_AUTH_ENDPOINT = "/api/realtime/auth";
const CREDENTIALS_FILE = "realtime.json";
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

type Resolved = {
  mode: RealtimeMode;
  credentials: AppCredentials;
  server: Pusher.Options;
  client: (origin: string) => RealtimeClientConfig;
};

const credentialsSchema = z.object({ appId: z.string().min(1), key: z.string().min(1), secret: z.string().min(16) });

/** Writes `content` to `file` unless it exists; readers never see a half-written file. */
function createOnce(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temp, content, { flag: "wx", mode: 0o600 });
  try {
    // link() fails if the file appeared meanwhile: the first process to create it wins.
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Credentials of the embedded server, made once and kept in DATA_DIR, so the process running
 * the server and the Next.js process publishing to it sign with the same secret.
 */
function embeddedCredentials(dataDir: string): AppCredentials {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (!fs.existsSync(file)) {
    const fresh: AppCredentials = {
      appId: String(randomInt(100_000, 1_000_000_000)),
      key: randomBytes(10).toString("hex"),
      secret: randomBytes(32).toString("hex"),
    };
    createOnce(file, JSON.stringify(fresh, null, 2));
  }
  let stored: unknown;
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    stored = undefined;
  }
  const parsed = credentialsSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`${file} does not hold realtime credentials; delete it and restart to make new ones.`);
  return parsed.data;
}

function transports(forceTLS: boolean): ("ws" | "wss")[] {
  // With forceTLS pusher-js's "ws" transport already uses wss://; no HTTP fallbacks either way.
  return forceTLS ? ["ws", "wss"] : ["ws"];
}

/** REALTIME_PUBLIC_URL as pusher-js options: where browsers connect when it differs from where the app publishes. */
function publicSocket(e: Env): Pick<RealtimeClientConfig, "wsHost" | "wsPort" | "wssPort" | "forceTLS" | "enabledTransports"> | undefined {
  if (!e.REALTIME_PUBLIC_URL) return undefined;
  const url = new URL(e.REALTIME_PUBLIC_URL);
  const forceTLS = url.protocol === "wss:";
  const port = Number(url.port) || (forceTLS ? 443 : 80);
  return { wsHost: url.hostname, wsPort: port, wssPort: port, forceTLS, enabledTransports: transports(forceTLS) };
}

function resolveService(e: Env): Resolved {
  const { PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret, PUSHER_CLUSTER: cluster, PUSHER_HOST: host } = e;
  const missing = Object.entries({ PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!cluster && !host) missing.push("PUSHER_CLUSTER or PUSHER_HOST");
  if (!appId || !key || !secret || missing.length) {
    throw new Error(`Realtime is partly configured: set ${missing.join(", ")}, or unset every PUSHER_* to use the embedded server.`);
  }
  const credentials = { appId, key, secret };

  if (host) {
    // A self-hosted soketi/sockudo: TLS unless it runs on this machine, when not said otherwise.
    const useTLS = e.PUSHER_USE_TLS ?? !LOOPBACK_HOSTS.has(host);
    const port = e.PUSHER_PORT ?? (useTLS ? 443 : 80);
    const client: RealtimeClientConfig = {
      key,
      cluster: cluster ?? "self-hosted",
      wsHost: host,
      wsPort: port,
      wssPort: port,
      forceTLS: useTLS,
      enabledTransports: transports(useTLS),
      authEndpoint: REALTIME_AUTH_ENDPOINT,
      ...publicSocket(e),
    };
    return { mode: "service", credentials, server: { ...credentials, host, port: String(port), useTLS }, client: () => client };
  }

  const useTLS = e.PUSHER_USE_TLS ?? true;
  const client: RealtimeClientConfig = {
    key,
    cluster: cluster!,
    wsHost: `ws-${cluster}.pusher.com`,
    wsPort: 80,
    wssPort: 443,
    forceTLS: useTLS,
    enabledTransports: transports(useTLS),
    authEndpoint: REALTIME_AUTH_ENDPOINT,
  };
  return { mode: "service", credentials, server: { ...credentials, cluster: cluster!, useTLS }, client: () => client };
}

/** Where this process reaches the embedded server: loopback, unless it listens on one address only. */
function embeddedApiHost(listenHost: string | undefined) {
  if (!listenHost || WILDCARD_HOSTS.has(listenHost)) return "127.0.0.1";
  return listenHost.includes(":") && !listenHost.startsWith("[") ? `[${listenHost}]` : listenHost;
}

function resolveEmbedded(e: Env): Resolved {
  const credentials = embeddedCredentials(e.dataDir);
  const port = e.REALTIME_PORT;
  const published = publicSocket(e);
  return {
    mode: "embedded",
    credentials,
    server: { ...credentials, host: embeddedApiHost(e.HOST), port: String(port), useTLS: false },
    client: (origin) => {
      // Browsers reach the embedded server on the host they reached the app on.
      const page = new URL(e.BASE_URL ?? origin);
      // A page served over https may only open wss://, which then needs a TLS proxy on REALTIME_PORT.
      const forceTLS = page.protocol === "https:";
      return {
        key: credentials.key,
        cluster: "embedded",
        wsHost: page.hostname,
        wsPort: port,
        wssPort: port,
        forceTLS,
        enabledTransports: transports(forceTLS),
        authEndpoint: REALTIME_AUTH_ENDPOINT,
        ...published,
      };
    },
  };
}

let cached: { for: Env; resolved: Resolved } | undefined;

function resolved(): Resolved {
  const e = env();
  // Keyed on the parsed env: after resetEnvCache() (tests) the configuration is read again.
  if (cached?.for !== e) {
    const configured = [e.PUSHER_APP_ID, e.PUSHER_KEY, e.PUSHER_SECRET, e.PUSHER_CLUSTER, e.PUSHER_HOST].some(Boolean);
    cached = { for: e, resolved: configured ? resolveService(e) : resolveEmbedded(e) };
  }
  return cached.resolved;
}

/** "service" when PUSHER_* names a Pusher-compatible service, else "embedded". */
export function realtimeMode(): RealtimeMode {
  return resolved().mode;
}

export function realtimeCredentials(): AppCredentials {
  return resolved().credentials;
}

/** Options for the `pusher` server SDK (embedded: host 127.0.0.1, port REALTIME_PORT, no TLS). */
export function realtimeServerSettings(): Pusher.Options {
  return resolved().server;
}

/** Options for the embedded server, as `npm start` should start it (listening like the app: HOST, else loopback). */
export function embeddedRealtimeServerOptions(): EmbeddedRealtimeOptions {
  const { mode, credentials } = resolved();
  if (mode !== "embedded") throw new Error("PUSHER_* names a realtime service: the embedded server is not used.");
  const e = env();
  return { ...credentials, host: e.HOST ?? "127.0.0.1", port: e.REALTIME_PORT, requireSignin: true };
}

/** pusher-js options for a page served from `origin` (e.g. "http://localhost:3000"). */
export function realtimeClientConfig(origin: string): RealtimeClientConfig {
  return resolved().client(origin);
}

/** The WebSocket origin pusher-js will open, e.g. "ws://localhost:6001": what CSP connect-src must allow. */
export function realtimeSocketOrigin(origin: string): string {
  const config = realtimeClientConfig(origin);
  const scheme = config.forceTLS ? "wss" : "ws";
  const port = config.forceTLS ? config.wssPort : config.wsPort;
  const defaultPort = config.forceTLS ? 443 : 80;
  return `${scheme}://${config.wsHost}${port === defaultPort ? "" : `:${port}`}`;
}
