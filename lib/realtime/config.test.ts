import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import PusherClient from "pusher-js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { nextEvent, subscribe, untilConnected } from "@/tests/helpers/realtime";
import { embeddedRealtimeServerOptions, realtimeClientConfig, realtimeCredentials, realtimeMode, realtimeServerSettings, realtimeSocketOrigin } from "./config";
import { startEmbeddedRealtimeServer } from "./embedded-server";
import { authenticateUser, authorizeChannel, publish } from "./publish";

const NAMES = [
  "DATA_DIR",
  "BASE_URL",
  "HOST",
  "REALTIME_PORT",
  "PUSHER_APP_ID",
  "PUSHER_KEY",
  "PUSHER_SECRET",
  "PUSHER_CLUSTER",
  "PUSHER_HOST",
  "PUSHER_PORT",
  "PUSHER_USE_TLS",
  "REALTIME_PUBLIC_URL",
];
let saved: Record<string, string | undefined>;
let dataDir: string;

function setEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetEnvCache();
}

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  for (const name of NAMES) delete process.env[name];
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-realtime-"));
  setEnv({ DATA_DIR: dataDir });
});

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded mode (no PUSHER_*)", () => {
  it("makes credentials once, keeps them in DATA_DIR/realtime.json (0600) and reuses them", () => {
    expect(realtimeMode()).toBe("embedded");
    const first = realtimeCredentials();
    const file = path.join(dataDir, "realtime.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(first);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readdirSync(dataDir)).toEqual(["realtime.json"]);

    // Another process (here: a fresh read of env) finds the same credentials.
    resetEnvCache();
    expect(realtimeCredentials()).toEqual(first);
  });

  it("uses credentials already in the file", () => {
    const stored = { appId: "4242", key: "storedkey", secret: "stored-secret-0123456789" };
    fs.writeFileSync(path.join(dataDir, "realtime.json"), JSON.stringify(stored));
    expect(realtimeCredentials()).toEqual(stored);
  });

  it("refuses a file that does not hold credentials", () => {
    fs.writeFileSync(path.join(dataDir, "realtime.json"), "{}");
    expect(() => realtimeCredentials()).toThrow(/realtime\.json/);
  });

  it("points the SDK at 127.0.0.1:REALTIME_PORT and browsers at the page's host", () => {
    setEnv({ REALTIME_PORT: "6001" });
    const { key, appId, secret } = realtimeCredentials();
    expect(realtimeServerSettings()).toEqual({ appId, key, secret, host: "127.0.0.1", port: "6001", useTLS: false });
    expect(realtimeClientConfig("http://cas.test:3000")).toEqual({
      key,
      cluster: "embedded",
      wsHost: "cas.test",
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      enabledTransports: ["ws"],
      authEndpoint: "/api/realtime/auth",
    });
    expect(realtimeSocketOrigin("http://localhost:3000")).toBe("ws://localhost:6001");
    expect(embeddedRealtimeServerOptions()).toEqual({ appId, key, secret, host: "127.0.0.1", port: 6001, requireSignin: true });
  });

  it("prefers BASE_URL's host, and wss when the app is served over https", () => {
    setEnv({ REALTIME_PORT: "6001", BASE_URL: "https://cas.example.org" });
    expect(realtimeClientConfig("http://ignored:3000")).toMatchObject({ wsHost: "cas.example.org", forceTLS: true });
    expect(realtimeSocketOrigin("http://ignored:3000")).toBe("wss://cas.example.org:6001");
  });

  it("sends browsers to REALTIME_PUBLIC_URL (a TLS proxy in front of the server) while the SDK publishes locally", () => {
    setEnv({ REALTIME_PORT: "6001", REALTIME_PUBLIC_URL: "wss://realtime.cas.test:8443" });
    expect(realtimeServerSettings()).toMatchObject({ host: "127.0.0.1", port: "6001", useTLS: false });
    expect(realtimeClientConfig("http://cas.test:3000")).toMatchObject({
      wsHost: "realtime.cas.test",
      wsPort: 8443,
      wssPort: 8443,
      forceTLS: true,
      enabledTransports: ["ws", "wss"],
    });
    expect(realtimeSocketOrigin("http://cas.test:3000")).toBe("wss://realtime.cas.test:8443");
  });

  it("works end to end: the server started from these settings, the SDK publishing, pusher-js configured for the browser", async () => {
    const server = await startEmbeddedRealtimeServer({ ...embeddedRealtimeServerOptions(), port: 0 });
    setEnv({ REALTIME_PORT: String(server.port) });
    const config = realtimeClientConfig("http://127.0.0.1:3000");
    const client = new PusherClient(config.key, {
      ...config,
      channelAuthorization: { customHandler: ({ socketId, channelName }, callback) => callback(null, authorizeChannel(socketId, channelName, "1")) },
      userAuthentication: { customHandler: ({ socketId }, callback) => callback(null, authenticateUser(socketId, "1")) },
    });
    try {
      // The app's server requires the sign-in, and subscriptions bound to that user: the one below waits for it.
      client.signin();
      await untilConnected(client);
      const channel = await subscribe(client, "private-person-1");
      const got = nextEvent(channel, "unread");
      expect(await publish("private-person-1", "unread", { count: 1 })).toBe(true);
      expect(await got).toEqual({ count: 1 });
    } finally {
      client.disconnect();
      await server.close();
    }
  });
});

describe("configured service", () => {
  const credentials = { PUSHER_APP_ID: "123", PUSHER_KEY: "service-key", PUSHER_SECRET: "service-secret" };

  it("uses Pusher Channels from PUSHER_CLUSTER, over TLS, and writes no credentials file", () => {
    setEnv({ ...credentials, PUSHER_CLUSTER: "eu" });
    expect(realtimeMode()).toBe("service");
    expect(realtimeServerSettings()).toEqual({ appId: "123", key: "service-key", secret: "service-secret", cluster: "eu", useTLS: true });
    expect(realtimeClientConfig("http://localhost:3000")).toMatchObject({ key: "service-key", cluster: "eu", wsHost: "ws-eu.pusher.com", forceTLS: true });
    expect(realtimeSocketOrigin("http://localhost:3000")).toBe("wss://ws-eu.pusher.com");
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(() => embeddedRealtimeServerOptions()).toThrow(/not used/);
  });

  it("uses a self-hosted server from PUSHER_HOST/PUSHER_PORT/PUSHER_USE_TLS", () => {
    setEnv({ ...credentials, PUSHER_HOST: "realtime.example.org", PUSHER_PORT: "6001" });
    expect(realtimeServerSettings()).toEqual({
      appId: "123",
      key: "service-key",
      secret: "service-secret",
      host: "realtime.example.org",
      port: "6001",
      useTLS: true,
    });
    expect(realtimeSocketOrigin("http://localhost:3000")).toBe("wss://realtime.example.org:6001");

    setEnv({ PUSHER_USE_TLS: "false" });
    expect(realtimeClientConfig("http://localhost:3000")).toMatchObject({
      wsHost: "realtime.example.org",
      wsPort: 6001,
      forceTLS: false,
      enabledTransports: ["ws"],
    });
    expect(realtimeSocketOrigin("http://localhost:3000")).toBe("ws://realtime.example.org:6001");
  });

  it("publishes to the server on the app's own network and sends browsers through the proxy named by REALTIME_PUBLIC_URL", () => {
    setEnv({ ...credentials, PUSHER_HOST: "realtime", PUSHER_PORT: "6001", PUSHER_USE_TLS: "false", REALTIME_PUBLIC_URL: "wss://realtime.example.org" });
    expect(realtimeServerSettings()).toEqual({ appId: "123", key: "service-key", secret: "service-secret", host: "realtime", port: "6001", useTLS: false });
    expect(realtimeClientConfig("https://cas.example.org")).toMatchObject({
      wsHost: "realtime.example.org",
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ["ws", "wss"],
    });
    expect(realtimeSocketOrigin("https://cas.example.org")).toBe("wss://realtime.example.org");
  });

  it.each(["https://realtime.example.org", "wss://realtime.example.org/app", "wss://realtime.example.org?x=1", "realtime.example.org"])(
    "refuses REALTIME_PUBLIC_URL=%s, naming the variable",
    (url) => {
      setEnv({ ...credentials, PUSHER_HOST: "realtime", REALTIME_PUBLIC_URL: url });
      expect(() => realtimeClientConfig("https://cas.example.org")).toThrow(/REALTIME_PUBLIC_URL/);
    },
  );

  it("refuses a partial configuration, naming what is missing", () => {
    setEnv({ PUSHER_KEY: "service-key", PUSHER_CLUSTER: "eu" });
    expect(() => realtimeMode()).toThrow(/PUSHER_APP_ID, PUSHER_SECRET/);
  });
});
