import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import Pusher from "pusher";
import PusherClient from "pusher-js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { nextEvent, recordMessages, startTestRealtime, subscribe, withTimeout, type TestRealtime } from "@/tests/helpers/realtime";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";
import { authorizeChannel, publish } from "./publish";

type RawMessage = { event: string; channel?: string; data?: unknown };

/** A bare `ws` client, for what pusher-js does not let a test do (skip pongs, speak another protocol). */
function rawSocket(url: string) {
  const socket = new WebSocket(url);
  const queued: RawMessage[] = [];
  const waiting: ((message: RawMessage) => void)[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as RawMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queued.push(message);
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  return {
    socket,
    closed: () => withTimeout(closed, 10_000, "the socket to close"),
    next: () =>
      queued.length ? Promise.resolve(queued.shift()!) : withTimeout(new Promise<RawMessage>((resolve) => waiting.push(resolve)), 10_000, "a message"),
  };
}

/** Waits until `condition` holds (state that settles asynchronously on the server). */
function until(condition: () => boolean, what: string) {
  return withTimeout(
    (async () => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    })(),
    5000,
    what,
  );
}

function sdk(realtime: TestRealtime, override: Partial<{ key: string; secret: string }> = {}) {
  return new Pusher({
    appId: realtime.appId,
    key: override.key ?? realtime.key,
    secret: override.secret ?? realtime.secret,
    host: "127.0.0.1",
    port: String(realtime.port),
    useTLS: false,
  });
}

/** The status of a rejected SDK request (the SDK rejects with a RequestError carrying it). */
async function statusOf(request: Promise<unknown>) {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status?: number }).status;
  }
}

function pusherErrors(client: PusherClient) {
  const errors: { code: number; message: string }[] = [];
  client.connection.bind("error", (error: { type: string; data?: { code: number; message: string } }) => {
    if (error.type === "PusherError" && error.data) errors.push(error.data);
  });
  return errors;
}

let realtime: TestRealtime;

beforeEach(async () => {
  realtime = await startTestRealtime();
});

afterEach(async () => {
  await realtime.close();
});

describe("connection", () => {
  it("establishes a pusher-js connection with a Pusher socket id", async () => {
    const client = await realtime.connectClient();
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
    expect(realtime.connections()).toBe(1);
    client.disconnect();
    await until(() => realtime.connections() === 0, "the server to drop the connection");
  });

  it("sends connection_established with data as a JSON string, and answers pusher:ping", async () => {
    const raw = rawSocket(`ws://127.0.0.1:${realtime.port}/app/${realtime.key}?protocol=7&client=test&version=1`);
    const established = await raw.next();
    expect(established.event).toBe("pusher:connection_established");
    expect(typeof established.data).toBe("string");
    const data = JSON.parse(established.data as string);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(30);
    raw.socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
    expect((await raw.next()).event).toBe("pusher:pong");
    raw.socket.close();
  });

  it("refuses an unknown app key with 4001, which makes pusher-js give up", async () => {
    const client = new PusherClient("not-our-key", {
      cluster: "test",
      wsHost: "127.0.0.1",
      wsPort: realtime.port,
      forceTLS: false,
      enabledTransports: ["ws"],
    });
    const error = await withTimeout(
      new Promise<{ error: { data: { code: number } } }>((resolve) => client.connection.bind("error", resolve)),
      5000,
      "the refusal",
    );
    expect(error.error.data.code).toBe(4001);
    await withTimeout(
      new Promise<void>((resolve) => (client.connection.state === "disconnected" ? resolve() : client.connection.bind("disconnected", resolve))),
      5000,
      "pusher-js to stop",
    );
    client.disconnect();
  });

  it("refuses an unsupported protocol version with 4007", async () => {
    const raw = rawSocket(`ws://127.0.0.1:${realtime.port}/app/${realtime.key}?protocol=3`);
    const error = await raw.next();
    expect(error).toMatchObject({ event: "pusher:error", data: { code: 4007 } });
    expect((await raw.closed()).code).toBe(4007);
  });

  describe("with a short activity timeout", () => {
    let server: EmbeddedRealtimeServer;
    beforeEach(async () => {
      server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, appId: "1", key: "k", secret: "s".repeat(32), activityTimeoutSeconds: 1 });
    });
    afterEach(async () => {
      await server.close();
    });

    it("pings a quiet connection and closes it with 4201 when no pong comes, keeping one that answers", async () => {
      const url = `ws://127.0.0.1:${server.port}/app/k?protocol=7`;
      const silent = rawSocket(url);
      const answering = rawSocket(url);
      expect(JSON.parse((await answering.next()).data as string).activity_timeout).toBe(1);
      expect((await silent.next()).event).toBe("pusher:connection_established");
      answering.socket.on("message", (raw) => {
        if (JSON.parse(raw.toString()).event === "pusher:ping") answering.socket.send(JSON.stringify({ event: "pusher:pong", data: {} }));
      });

      expect((await silent.next()).event).toBe("pusher:ping");
      expect(await silent.next()).toMatchObject({ event: "pusher:error", data: { code: 4201 } });
      expect((await silent.closed()).code).toBe(4201);
      expect((await answering.next()).event).toBe("pusher:ping");
      expect(answering.socket.readyState).toBe(WebSocket.OPEN);
      await until(() => server.connections() === 1, "the server to drop the silent connection");
      answering.socket.close();
    });
  });
});

describe("private channels", () => {
  it("delivers a published event to a socket subscribed with the right signature", async () => {
    const client = await realtime.connectClient();
    const channel = await subscribe(client, "private-conversation-1");
    const received = nextEvent(channel, "message-created");
    expect(await publish("private-conversation-1", "message-created", { id: "m1", text: "hello" })).toBe(true);
    expect(await received).toEqual({ id: "m1", text: "hello" });
  });

  it("refuses a wrong signature with an AuthError subscription_error, and delivers nothing on that channel", async () => {
    const client = await realtime.connectClient((socketId, channel) =>
      channel === "private-person-2" ? { auth: `${realtime.key}:${"0".repeat(64)}` } : authorizeChannel(socketId, channel),
    );
    const messages = recordMessages(client);
    const refusal = await subscribe(client, "private-person-2").catch((error) => error.data);
    expect(refusal).toMatchObject({ type: "AuthError", status: 401 });
    const control = await subscribe(client, "private-person-1");

    await publish("private-person-2", "unread", { count: 3 });
    const controlEvent = nextEvent(control, "unread");
    await publish("private-person-1", "unread", { count: 1 });
    expect(await controlEvent).toEqual({ count: 1 });
    // Events to one socket leave in order: had the refused channel's event been sent, it would be here already.
    expect(messages.filter((m) => m.channel === "private-person-2" && m.event === "unread")).toEqual([]);
  });

  it("refuses a missing signature", async () => {
    const raw = rawSocket(`ws://127.0.0.1:${realtime.port}/app/${realtime.key}?protocol=7`);
    await raw.next();
    raw.socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "private-conversation-1" } }));
    expect(await raw.next()).toMatchObject({
      event: "pusher:subscription_error",
      channel: "private-conversation-1",
      data: { type: "AuthError", status: 401 },
    });
    raw.socket.close();
  });

  it("refuses a signature made for another channel (a non-participant reusing one it was given)", async () => {
    const client = await realtime.connectClient((socketId) => authorizeChannel(socketId, "private-conversation-mine"));
    expect(await subscribe(client, "private-conversation-mine")).toBeTruthy();
    const refusal = await subscribe(client, "private-conversation-other").catch((error) => error.data);
    expect(refusal).toMatchObject({ type: "AuthError", status: 401 });
  });

  it("refuses a signature made for another socket on the same channel", async () => {
    const owner = await realtime.connectClient();
    const stolen = authorizeChannel(owner.connection.socket_id, "private-conversation-1");
    const thief = await realtime.connectClient(() => stolen);
    const refusal = await subscribe(thief, "private-conversation-1").catch((error) => error.data);
    expect(refusal).toMatchObject({ type: "AuthError", status: 401 });
  });

  it("refuses presence channels clearly", async () => {
    const raw = rawSocket(`ws://127.0.0.1:${realtime.port}/app/${realtime.key}?protocol=7`);
    const socketId = JSON.parse((await raw.next()).data as string).socket_id;
    const { auth } = authorizeChannel(socketId, "presence-room");
    raw.socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "presence-room", auth } }));
    expect(await raw.next()).toMatchObject({ event: "pusher:subscription_error", data: { type: "UnsupportedChannel" } });
    raw.socket.close();
  });

  it("stops delivering after pusher:unsubscribe", async () => {
    const client = await realtime.connectClient();
    const messages = recordMessages(client);
    await subscribe(client, "private-a");
    const control = await subscribe(client, "private-b");
    client.unsubscribe("private-a");
    // The unsubscribe is on the wire before this subscription's confirmation comes back.
    await subscribe(client, "private-c");
    await publish("private-a", "ping", {});
    const controlEvent = nextEvent(control, "ping");
    await publish("private-b", "ping", {});
    await controlEvent;
    expect(messages.filter((m) => m.channel === "private-a" && m.event === "ping")).toEqual([]);
  });

  it("leaves out the socket named by socket_id", async () => {
    const author = await realtime.connectClient();
    const reader = await realtime.connectClient();
    const authorMessages = recordMessages(author);
    const authorChannel = await subscribe(author, "private-conversation-1");
    const readerChannel = await subscribe(reader, "private-conversation-1");

    const readerGot = nextEvent(readerChannel, "message-created");
    await publish("private-conversation-1", "message-created", { id: "m1" }, { excludeSocketId: author.connection.socket_id });
    expect(await readerGot).toEqual({ id: "m1" });
    const authorGot = nextEvent(authorChannel, "message-created");
    await publish("private-conversation-1", "message-created", { id: "m2" });
    expect(await authorGot).toEqual({ id: "m2" });
    expect(authorMessages.filter((m) => m.event === "message-created").map((m) => m.data)).toEqual([{ id: "m2" }]);
  });
});

describe("client events", () => {
  it("reach the other subscribers and never their sender", async () => {
    const alice = await realtime.connectClient();
    const bob = await realtime.connectClient();
    const aliceMessages = recordMessages(alice);
    const aliceChannel = await subscribe(alice, "private-conversation-1");
    const bobChannel = await subscribe(bob, "private-conversation-1");

    const bobGot = nextEvent(bobChannel, "client-typing");
    aliceChannel.trigger("client-typing", { who: "alice" });
    expect(await bobGot).toEqual({ who: "alice" });

    // Had alice's own event been echoed, it would reach her before bob's reply.
    const aliceGot = nextEvent(aliceChannel, "client-typing");
    bobChannel.trigger("client-typing", { who: "bob" });
    expect(await aliceGot).toEqual({ who: "bob" });
    expect(aliceMessages.filter((m) => m.event === "client-typing").map((m) => m.data)).toEqual([{ who: "bob" }]);
  });

  it("are refused over 10 KB, on public channels, and on channels the sender is not subscribed to", async () => {
    const alice = await realtime.connectClient();
    const bob = await realtime.connectClient();
    const errors = pusherErrors(alice);
    const aliceChannel = await subscribe(alice, "private-conversation-1");
    const bobChannel = await subscribe(bob, "private-conversation-1");
    await subscribe(alice, "announcements");
    const bobMessages = recordMessages(bob);

    aliceChannel.trigger("client-draft", { text: "x".repeat(10 * 1024) });
    alice.send_event("client-draft", { text: "public" }, "announcements");
    alice.send_event("client-draft", { text: "elsewhere" }, "private-conversation-2");
    const bobGot = nextEvent(bobChannel, "client-draft");
    aliceChannel.trigger("client-draft", { text: "small" });

    expect(await bobGot).toEqual({ text: "small" });
    expect(bobMessages.filter((m) => m.event === "client-draft").map((m) => m.data)).toEqual([{ text: "small" }]);
    expect(errors.map((e) => e.code)).toEqual([4301, 4301, 4301]);
    expect(errors[0].message).toMatch(/10 KB/);
  });
});

describe("HTTP API", () => {
  it("refuses a wrong secret or key with 401", async () => {
    expect(await statusOf(sdk(realtime, { secret: "wrong-secret" }).trigger("private-a", "e", {}))).toBe(401);
    expect(await statusOf(sdk(realtime, { key: "wrong-key" }).trigger("private-a", "e", {}))).toBe(401);
    expect(await statusOf(sdk(realtime).trigger("private-a", "e", {}))).toBe(200);
  });

  it("refuses a stale timestamp and a body that does not match body_md5", async () => {
    const path = `/apps/${realtime.appId}/events`;
    const send = (timestamp: number, signedBody: string, sentBody = signedBody) => {
      const query = [
        `auth_key=${realtime.key}`,
        `auth_timestamp=${timestamp}`,
        "auth_version=1.0",
        `body_md5=${createHash("md5").update(signedBody).digest("hex")}`,
      ].join("&");
      const signature = createHmac("sha256", realtime.secret).update(`POST\n${path}\n${query}`).digest("hex");
      return fetch(`http://127.0.0.1:${realtime.port}${path}?${query}&auth_signature=${signature}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: sentBody,
      });
    };
    const body = JSON.stringify({ name: "e", data: "{}", channels: ["private-a"] });
    const now = Math.floor(Date.now() / 1000);
    expect((await send(now, body)).status).toBe(200);
    expect((await send(now - 601, body)).status).toBe(401);
    expect((await send(now, body, body.replace("private-a", "private-b"))).status).toBe(401);
  });

  it("accepts 10 KB of data and refuses more with 413", async () => {
    expect(await statusOf(sdk(realtime).trigger("private-a", "e", "x".repeat(10 * 1024)))).toBe(200);
    expect(await statusOf(sdk(realtime).trigger("private-a", "e", "x".repeat(10 * 1024 + 1)))).toBe(413);
  });

  it("refuses more than 100 channels and a batch of 11 with 400", async () => {
    const channels = Array.from({ length: 101 }, (_, i) => `private-c${i}`);
    // The SDK itself refuses 101 channels in trigger(); its generic signed post() reaches the server.
    const body = { name: "e", data: "{}", channels } as unknown as string;
    expect(await statusOf(sdk(realtime).post({ path: "/events", body }))).toBe(400);
    const batch = Array.from({ length: 11 }, (_, i) => ({ channel: `private-c${i}`, name: "e", data: {} }));
    expect(await statusOf(sdk(realtime).triggerBatch(batch))).toBe(400);
    expect(await statusOf(sdk(realtime).triggerBatch(batch.slice(0, 10)))).toBe(200);
  });

  it("delivers each event of a batch", async () => {
    const client = await realtime.connectClient();
    const one = await subscribe(client, "private-one");
    const two = await subscribe(client, "private-two");
    const got = Promise.all([nextEvent(one, "first"), nextEvent(two, "second"), nextEvent(one, "third")]);
    const response = await sdk(realtime).triggerBatch([
      { channel: "private-one", name: "first", data: { n: 1 } },
      { channel: "private-two", name: "second", data: { n: 2 } },
      { channel: "private-one", name: "third", data: { n: 3 } },
    ]);
    expect(await response.json()).toEqual({});
    expect(await got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("refuses a body over the cap from its declared length, without reading it", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port: realtime.port, method: "POST", path: `/apps/${realtime.appId}/events`, headers: { "content-length": 50 * 1024 * 1024 } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on("error", reject);
      request.write("{");
    });
    expect(status).toBe(413);
  });

  it("answers 404 for another app id and 200 on the health path", async () => {
    const other = new Pusher({ appId: "999", key: realtime.key, secret: realtime.secret, host: "127.0.0.1", port: String(realtime.port), useTLS: false });
    expect(await statusOf(other.trigger("private-a", "e", {}))).toBe(404);
    const health = await fetch(`http://127.0.0.1:${realtime.port}/`);
    expect(health.status).toBe(200);
  });
});

describe("reconnect", () => {
  it("pusher-js reconnects and resubscribes by itself after the server closes its socket, and receives later events", async () => {
    const client = await realtime.connectClient();
    const channel = await subscribe(client, "private-person-1");
    const firstSocketId = client.connection.socket_id;
    const resubscribed = withTimeout(new Promise<void>((resolve) => channel.bind("pusher:subscription_succeeded", resolve)), 10_000, "the resubscription");

    realtime.reconnectAll();
    // Published while the client is away or coming back: it may miss it (the app refetches on reconnect).
    await publish("private-person-1", "unread", { count: 1 });
    await resubscribed;
    expect(client.connection.state).toBe("connected");
    expect(client.connection.socket_id).not.toBe(firstSocketId);

    const later = withTimeout(
      new Promise<void>((resolve) => channel.bind("unread", (data: { count: number }) => data.count === 2 && resolve())),
      5000,
      "the event published after the reconnect",
    );
    expect(await publish("private-person-1", "unread", { count: 2 })).toBe(true);
    await later;
  });
});
