import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { authorizeChannel } from "./publish";
import { boundChannelData, isChannelBoundTo } from "./signatures";

/**
 * Which servers get the user binding of private subscriptions (publish.ts authorizeChannel):
 * every server the app names by host (the embedded one, `npm run realtime`, soketi, which ignores
 * it), never hosted Pusher Channels, whose handling of channel_data on private channels is not
 * documented. The standard `auth` is the same either way.
 */
const NAMES = ["PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "PUSHER_CLUSTER", "PUSHER_HOST", "PUSHER_PORT", "PUSHER_USE_TLS"];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
const app = { appId: "1", key: "bindkey", secret: "s".repeat(32) };

function configure(place: Record<string, string>) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, { PUSHER_APP_ID: app.appId, PUSHER_KEY: app.key, PUSHER_SECRET: app.secret, ...place });
  resetEnvCache();
}

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe("authorizeChannel with a user", () => {
  it("binds the subscription to that user for a server named by host", () => {
    configure({ PUSHER_HOST: "127.0.0.1", PUSHER_PORT: "6001" });
    const signed = authorizeChannel("12.34", "private-conversation-c1", "p1");
    expect(signed.channel_data).toBe(boundChannelData(app, "12.34", "private-conversation-c1", "p1"));
    expect(isChannelBoundTo(app, "12.34", "private-conversation-c1", signed.channel_data, "p1")).toBe(true);
    expect(isChannelBoundTo(app, "12.34", "private-conversation-c1", signed.channel_data, "p2")).toBe(false);
    expect(isChannelBoundTo(app, "12.35", "private-conversation-c1", signed.channel_data, "p1")).toBe(false);
    expect(isChannelBoundTo(app, "12.34", "private-conversation-c2", signed.channel_data, "p1")).toBe(false);
    expect(signed.auth).toBe(authorizeChannel("12.34", "private-conversation-c1").auth);
  });

  it("sends only Pusher's standard auth to hosted Pusher Channels", () => {
    configure({ PUSHER_CLUSTER: "eu" });
    expect(authorizeChannel("12.34", "private-conversation-c1", "p1")).toEqual({ auth: authorizeChannel("12.34", "private-conversation-c1").auth });
  });
});
