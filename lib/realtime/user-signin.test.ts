import Pusher from "pusher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "@/tests/helpers/realtime";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";

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
    s.socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth: sdk().authorizeChannel(s.socketId, channel).auth } }));
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
    for (const [s, id] of [[a, "u3"], [b, "u3"], [other, "u4"]] as const) {
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
});
