import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { captureLogs } from "@/tests/helpers/log-capture";
import { nextEvent, startTestRealtime, subscribe, withTimeout, type TestRealtime } from "@/tests/helpers/realtime";
import { authenticateUser, authorizeChannel, publish, publishBatch, terminateUserConnections } from "./publish";

let realtime: TestRealtime;

beforeEach(async () => {
  realtime = await startTestRealtime();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await realtime.close();
});

describe("publish", () => {
  it("splits more than 100 channels into several requests, reaching every channel", async () => {
    const client = await realtime.connectClient();
    const channels = Array.from({ length: 150 }, (_, i) => `private-person-${i}`);
    const first = await subscribe(client, channels[0]);
    const last = await subscribe(client, channels[149]);
    const got = Promise.all([nextEvent(first, "unread"), nextEvent(last, "unread")]);
    expect(await publish(channels, "unread", { count: 5 })).toBe(true);
    expect(await got).toEqual([{ count: 5 }, { count: 5 }]);
  });

  it("sends string data as is", async () => {
    const client = await realtime.connectClient();
    const channel = await subscribe(client, "private-conversation-1");
    const got = nextEvent(channel, "note");
    await publish("private-conversation-1", "note", "plain text");
    expect(await got).toBe("plain text");
  });

  it("resolves false and logs, without throwing, when the service refuses, is unreachable or is misconfigured", async () => {
    const logs = captureLogs();
    const lastLogged = () => JSON.stringify(logs.lines.at(-1));
    expect(await publish("private-a", "too-big", "x".repeat(10 * 1024 + 1))).toBe(false);
    expect(lastLogged()).toContain("HTTP 413");
    expect(await publish("not a valid channel!", "e", {})).toBe(false);

    process.env.PUSHER_PORT = "1";
    resetEnvCache();
    expect(await publish("private-a", "e", {})).toBe(false);
    expect(await publishBatch([{ channel: "private-a", name: "e", data: {} }])).toBe(false);

    delete process.env.PUSHER_SECRET;
    resetEnvCache();
    expect(await publish("private-a", "e", {})).toBe(false);
    expect(lastLogged()).toContain("PUSHER_SECRET");
    expect(logs.lines.filter((line) => line.level === 50)).toHaveLength(5);
    logs.restore();
  });
});

describe("publishBatch", () => {
  it("splits more than 10 events into several batches and delivers all", async () => {
    const client = await realtime.connectClient();
    const channel = await subscribe(client, "private-conversation-1");
    const received: number[] = [];
    const all = withTimeout(
      new Promise<void>((resolve) =>
        channel.bind("message-created", (data: { n: number }) => {
          received.push(data.n);
          if (received.length === 15) resolve();
        }),
      ),
      5000,
      "15 events",
    );
    const events = Array.from({ length: 15 }, (_, n) => ({ channel: "private-conversation-1", name: "message-created", data: { n } }));
    expect(await publishBatch(events)).toBe(true);
    await all;
    expect(received.sort((a, b) => a - b)).toEqual(events.map((e) => e.data.n));
  });

  it("leaves out the socket named in excludeSocketId", async () => {
    const author = await realtime.connectClient();
    const reader = await realtime.connectClient();
    const authorChannel = await subscribe(author, "private-conversation-1");
    const readerChannel = await subscribe(reader, "private-conversation-1");
    const authorGot = nextEvent(authorChannel, "reaction");
    const readerGot = nextEvent(readerChannel, "reaction");
    await publishBatch([
      { channel: "private-conversation-1", name: "reaction", data: { n: 1 }, excludeSocketId: author.connection.socket_id },
      { channel: "private-conversation-1", name: "reaction", data: { n: 2 } },
    ]);
    expect(await readerGot).toEqual({ n: 1 });
    // Events to one socket arrive in order, so the author's first is the second event.
    expect(await authorGot).toEqual({ n: 2 });
  });
});

describe("authorizeChannel", () => {
  it("returns the SDK's signature: key and HMAC-SHA256 of socket id and channel", () => {
    const { auth } = authorizeChannel("123.456", "private-conversation-1");
    const hmac = createHmac("sha256", realtime.secret).update("123.456:private-conversation-1").digest("hex");
    expect(auth).toBe(`${realtime.key}:${hmac}`);
  });

  it("throws on a malformed socket id", () => {
    expect(() => authorizeChannel("not-a-socket", "private-conversation-1")).toThrow(/socket id/i);
  });
});

describe("terminateUserConnections", () => {
  it("tries a failed termination again, until the user's sockets close", async () => {
    const logs = captureLogs();
    const client = await realtime.connectClient(authorizeChannel, (socketId) => authenticateUser(socketId, "u-retry") as { auth: string; user_data: string });
    const closes: number[] = [];
    client.connection.bind("error", (error: { data?: { code?: number } }) => error?.data?.code && closes.push(error.data.code));
    // In front of the realtime server: the first termination fails (503), later ones go through.
    let refused = 0;
    const front = http.createServer(async (req, res) => {
      if (req.url?.includes("/terminate_connections") && refused++ === 0) return res.writeHead(503).end("try later");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`http://127.0.0.1:${realtime.port}${req.url}`, {
        method: req.method,
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    process.env.PUSHER_PORT = String((front.address() as AddressInfo).port);
    resetEnvCache();
    try {
      expect(await terminateUserConnections("u-retry")).toBe(false);
      expect(JSON.stringify(logs.lines.at(-1))).toContain("HTTP 503");
      expect(closes).toEqual([]);
      await withTimeout(
        (async () => {
          while (!closes.includes(4009)) await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        10_000,
        "the retried termination",
      );
      expect(refused).toBe(2);
    } finally {
      front.close();
      logs.restore();
    }
  });
});
