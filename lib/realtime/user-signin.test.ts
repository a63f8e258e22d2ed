import Pusher from "pusher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "@/tests/helpers/realtime";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";
import { boundChannelData } from "./signatures";
import { createUserIndex } from "./user-signin";

/**
 * User authentication and terminate_connections in the hosted API's shape: the official `pusher`
 * SDK signs the sign-in and calls terminateUserConnections exactly as it would against Pusher
 * Channels, and the embedded server accepts those and refuses forgeries.
 */
const app = { appId: "777", key: "signinkey", secret: "x".repeat(32) };
let server: EmbeddedRealtimeServer;
const sdk = (secret = app.secret) => new Pusher({ ...app, secret, host: "127.0.0.1", port: String(server.port), useTLS: false });

beforeAll(async () => {
  server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...app, requireSignin: true });
});
afterAll(() => server.close());

/** A subscription as the app's auth route makes it: the SDK's channel auth, bound to `userId`. */
const bound = (socketId: string, channel: string, userId: string) => ({
  channel,
  auth: sdk().authorizeChannel(socketId, channel).auth,
  channel_data: boundChannelData(app, socketId, channel, userId),
});

/** A raw socket with its socket id, its messages and its close code. */
async function open() {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/${app.key}?protocol=7`);
  const messages: { event: string; channel?: string; data?: any }[] = [];
  let closed: number | undefined;
  socket.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
  socket.on("close", (code) => (closed = code));
  const wait = (what: string, condition: () => boolean) =>
    withTimeout(
      (async () => {
        while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      5000,
      what,
    );
  await wait("connection_established", () => messages.some((m) => m.event === "pusher:connection_established"));
  const socketId = JSON.parse(messages[0].data).socket_id as string;
  return { socket, socketId, messages, wait, closed: () => closed };
}

describe("pusher:signin and terminate_connections", () => {
  it("accepts the SDK's authenticateUser signature, then holds private channels for that user", async () => {
    const s = await open();
    // Subscribed before signing in, as pusher-js may: the subscription waits for the sign-in.
    const channel = "private-person-u1";
    s.socket.send(JSON.stringify({ event: "pusher:subscribe", data: bound(s.socketId, channel, "u1") }));
    s.socket.send(JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(s.socketId, { id: "u1" }) }));
    await s.wait("signin_success", () => s.messages.some((m) => m.event === "pusher:signin_success"));
    await s.wait("subscription", () => s.messages.some((m) => m.event === "pusher_internal:subscription_succeeded"));
    expect(s.messages.find((m) => m.event === "pusher:signin_success")?.data).toEqual({ user_data: JSON.stringify({ id: "u1" }) });
    s.socket.close();
  });

  it("closes a socket whose sign-in is forged (4009), or signed for another socket", async () => {
    const forged = (socketId: string) => sdk("y".repeat(32)).authenticateUser(socketId, { id: "u2" });
    const forAnotherSocket = () => sdk().authenticateUser("1.1", { id: "u2" });
    for (const sign of [forged, forAnotherSocket]) {
      const s = await open();
      s.socket.send(JSON.stringify({ event: "pusher:signin", data: sign(s.socketId) }));
      await s.wait("the close", () => s.closed() !== undefined);
      expect(s.closed()).toBe(4009);
    }
  });

  it("terminateUserConnections closes every socket of that user and no other; a forged call is 401", async () => {
    const [a, b, other] = [await open(), await open(), await open()];
    for (const [s, id] of [
      [a, "u3"],
      [b, "u3"],
      [other, "u4"],
    ] as const) {
      s.socket.send(JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(s.socketId, { id }) }));
      await s.wait("signin_success", () => s.messages.some((m) => m.event === "pusher:signin_success"));
    }
    await expect(sdk("z".repeat(32)).terminateUserConnections("u3")).rejects.toMatchObject({ status: 401 });
    expect(a.closed()).toBeUndefined();
    await sdk().terminateUserConnections("u3");
    await a.wait("a to close", () => a.closed() !== undefined);
    await b.wait("b to close", () => b.closed() !== undefined);
    expect([a.closed(), b.closed()]).toEqual([4009, 4009]);
    expect(other.closed()).toBeUndefined();
    other.socket.close();
  });

  it("holds a private channel only when it is bound to the user the socket signed in as", async () => {
    const s = await open();
    s.socket.send(JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(s.socketId, { id: "u5" }) }));
    await s.wait("signin_success", () => s.messages.some((m) => m.event === "pusher:signin_success"));
    const channel = "private-conversation-c5";
    const { channel_data: _unbound, ...plain } = bound(s.socketId, channel, "u5");
    const forged = { ...bound(s.socketId, channel, "u5"), channel_data: JSON.stringify({ user_id: "u5", user_auth: "0".repeat(64) }) };
    for (const data of [plain, bound(s.socketId, channel, "u6"), forged, bound("1.1", channel, "u5")]) {
      const before = s.messages.length;
      s.socket.send(JSON.stringify({ event: "pusher:subscribe", data }));
      await s.wait("the refusal", () => s.messages.length > before);
      expect(s.messages.at(-1)).toMatchObject({ event: "pusher:subscription_error", channel, data: { type: "AuthError", status: 401 } });
    }
    s.socket.send(JSON.stringify({ event: "pusher:subscribe", data: bound(s.socketId, channel, "u5") }));
    await s.wait("the subscription", () => s.messages.some((m) => m.event === "pusher_internal:subscription_succeeded" && m.channel === channel));
    s.socket.close();
  });

  it("a sign-in signed before terminate_connections but sent after it is refused; a socket opened afterwards signs in", async () => {
    const late = await open();
    const signedBefore = sdk().authenticateUser(late.socketId, { id: "u7" });
    await sdk().terminateUserConnections("u7");
    late.socket.send(JSON.stringify({ event: "pusher:signin", data: signedBefore }));
    await late.wait("the close", () => late.closed() !== undefined);
    expect(late.closed()).toBe(4009);
    expect(late.messages.some((m) => m.event === "pusher:signin_success")).toBe(false);

    const fresh = await open();
    fresh.socket.send(JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(fresh.socketId, { id: "u7" }) }));
    await fresh.wait("signin_success", () => fresh.messages.some((m) => m.event === "pusher:signin_success"));
    fresh.socket.close();
  });
});

describe("a sign-in whose session ends", () => {
  it("closes the socket (4009) once user_info.session_expires has passed, and only that socket", async () => {
    const [ending, lasting] = [await open(), await open()];
    const expires = Date.now() + 500;
    ending.socket.send(
      JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(ending.socketId, { id: "u8", user_info: { session_expires: expires } }) }),
    );
    lasting.socket.send(JSON.stringify({ event: "pusher:signin", data: sdk().authenticateUser(lasting.socketId, { id: "u8" }) }));
    for (const s of [ending, lasting]) {
      await s.wait("signin_success", () => s.messages.some((m) => m.event === "pusher:signin_success"));
      s.socket.send(JSON.stringify({ event: "pusher:subscribe", data: bound(s.socketId, "private-person-u8", "u8") }));
      await s.wait("the subscription", () => s.messages.some((m) => m.event === "pusher_internal:subscription_succeeded"));
    }
    await ending.wait("the close", () => ending.closed() !== undefined);
    expect(Date.now()).toBeGreaterThanOrEqual(expires);
    expect(ending.closed()).toBe(4009);
    expect(ending.messages.find((m) => m.event === "pusher:error")?.data).toMatchObject({ code: 4009, message: expect.stringMatching(/session has ended/) });
    expect(lasting.closed()).toBeUndefined();
    lasting.socket.close();
  });
});

describe("the user index", () => {
  it("refuses a sign-in from a socket opened before the user's last termination, or older than the window, and forgets old terminations", () => {
    const index = createUserIndex<object>(10_000);
    expect(index.maySignIn("a", 1_000, 2_000)).toBe(true);
    expect(index.maySignIn("a", 1_000, 11_001)).toBe(false);
    index.terminated("a", 5_000);
    expect(index.maySignIn("a", 5_000, 6_000)).toBe(false);
    expect(index.maySignIn("a", 5_001, 6_000)).toBe(true);
    expect(index.maySignIn("b", 4_000, 6_000)).toBe(true);
    // Any socket opened before 5 000 is out of its window by 15 001: the record can go.
    index.terminated("b", 15_001);
    expect(index.maySignIn("a", 4_000, 15_001)).toBe(false);
    expect(index.maySignIn("a", 15_000, 16_000)).toBe(true);
  });
});
