import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "@/tests/helpers/realtime";
import { nasty, serverStillServes } from "@/tests/helpers/realtime-wire";
import { parseBoundedJson } from "./bounded-json";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";
import { MAX_EVENT_DATA_BYTES, MAX_EVENT_NAME_LENGTH, eventDataBytes } from "./limits";
import { boundChannelData } from "./signatures";

/**
 * Random Pusher messages from a socket that is signed in and subscribed to a private channel, as
 * a browser's is under production settings (sign-in required): client events on that channel
 * with random names and data, and anything else a client could send. A second socket on the same
 * channel is the witness. The property knows what each message must get: a client event within
 * the limits reaches the witness exactly as sent, one over them is refused with `pusher:error`
 * 4301 and reaches nobody, a message that is not a JSON object (or nests too deep) gets 4300, a
 * sign-in that does not verify closes the socket with 4009; the socket is closed for nothing
 * else, and it answers a ping afterwards.
 */
const app = { appId: "4244", key: "messageskey", secret: "m".repeat(32) };
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
let server: EmbeddedRealtimeServer;

beforeAll(async () => {
  server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...app, requireSignin: true });
});
afterAll(() => server.close());

type Message = { event: string; channel?: string; data?: any };
const hmac = (text: string) => createHmac("sha256", app.secret).update(text).digest("hex");

/** A socket signed in as `userId` and subscribed to `channel`, as pusher-js leaves a browser's. */
async function signedInSocket(userId: string, channel: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/${app.key}?protocol=7`);
  const received: Message[] = [];
  let closeCode: number | undefined;
  socket.on("message", (raw) => received.push(JSON.parse(raw.toString()) as Message));
  socket.on("close", (code) => (closeCode = code));
  const until = (what: string, test: () => boolean) =>
    withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (test() ? resolve() : setTimeout(check, 2));
        check();
      }),
      5000,
      what,
    );
  await until("the connection", () => received.some((m) => m.event === "pusher:connection_established"));
  const socketId = JSON.parse(received[0].data).socket_id as string;
  const userData = JSON.stringify({ id: userId });
  socket.send(JSON.stringify({ event: "pusher:signin", data: { user_data: userData, auth: `${app.key}:${hmac(`${socketId}::user::${userData}`)}` } }));
  const channelData = boundChannelData(app, socketId, channel, userId);
  socket.send(
    JSON.stringify({ event: "pusher:subscribe", data: { channel, auth: `${app.key}:${hmac(`${socketId}:${channel}`)}`, channel_data: channelData } }),
  );
  await until(`${userId}'s subscription`, () => received.some((m) => m.event === "pusher_internal:subscription_succeeded" && m.channel === channel));
  received.length = 0;
  /** Sends a ping and waits for its pong (or the close): everything sent before it has been handled. */
  const settle = async () => {
    if (closeCode === undefined) socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
    await until(`${userId}'s pong`, () => closeCode !== undefined || received.some((m) => m.event === "pusher:pong"));
  };
  return { socket, received, settle, closeCode: () => closeCode };
}

/** What the server must do with each message: relay it to the channel, refuse it (and with what), or close the socket. */
function expectations(texts: string[], channel: string) {
  const relayed: Message[] = [];
  let refused = 0;
  let unreadable = 0;
  let closes = false;
  let subscribed = true;
  for (const text of texts) {
    if (closes) break;
    const message = parseBoundedJson(text) as Message | undefined;
    if (!message || typeof message !== "object" || Array.isArray(message)) {
      unreadable++;
      continue;
    }
    const { event } = message;
    if (typeof event !== "string") continue;
    const data = typeof message.data === "string" ? parseBoundedJson(message.data) : message.data;
    if (event === "pusher:signin") closes = true;
    else if (event === "pusher:unsubscribe" && data?.channel === channel) subscribed = false;
    else if (event.startsWith("client-")) {
      const ok = message.channel === channel && subscribed && event.length <= MAX_EVENT_NAME_LENGTH && eventDataBytes(message.data) <= MAX_EVENT_DATA_BYTES;
      if (ok) relayed.push({ event, channel, data: message.data });
      else refused++;
    }
  }
  return { relayed, refused, unreadable, closes };
}

const CHANNEL = "$CHANNEL";
const clientData = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: nasty },
  { weight: 1, arbitrary: fc.integer({ min: MAX_EVENT_DATA_BYTES - 20, max: MAX_EVENT_DATA_BYTES + 20 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 28, max: 40 }).map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`)) },
);
const clientEventName = fc.oneof(
  fc.constant("client-typing"),
  nasty.map((n) => `client-${n}`),
  fc.integer({ min: MAX_EVENT_NAME_LENGTH - 10, max: MAX_EVENT_NAME_LENGTH + 10 }).map((n) => `client-${"e".repeat(n - 7)}`),
);
const anyEvent = fc.oneof(
  fc.constantFrom("pusher:subscribe", "pusher:unsubscribe", "pusher:ping", "pusher:signin", "client-typing", "client-", "pusher:pong"),
  nasty,
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 4 }), nasty);
const message = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ event: clientEventName, channel: fc.oneof({ weight: 5, arbitrary: fc.constant(CHANNEL) }, { weight: 1, arbitrary: nasty }), data: clientData })
      .map((m) => JSON.stringify(m)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ event: anyEvent, channel: fc.oneof(nasty, fc.constantFrom("private-x", "presence-x", "public", CHANNEL)), data: anyValue })
      .map((m) => JSON.stringify(m)),
  },
  {
    weight: 1,
    arbitrary: fc.record({ event: anyEvent, data: fc.record({ channel: fc.oneof(nasty, fc.constant(CHANNEL)), auth: nasty }) }).map((m) => JSON.stringify(m)),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 30, max: 20_000 })
      .map((depth) => `{"event":"client-x","channel":"${CHANNEL}","data":${"[".repeat(depth)}${"]".repeat(depth)}}`),
  },
  { weight: 1, arbitrary: nasty },
);

let run = 0;

describe("property: Pusher messages on a signed-in, subscribed socket", () => {
  it(
    "relay what is within the limits exactly, refuse the rest with the protocol's code, close only on a bad sign-in",
    async () => {
      await fc.assert(
        // At most 8 messages: the 10 client events a second allowed are never the reason for a refusal here.
        fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 8 }), async (drafts) => {
          const channel = `private-fuzz-${++run}`;
          const texts = drafts.map((t) => t.split(CHANNEL).join(channel));
          const sender = await signedInSocket("fuzzer", channel);
          const witness = await signedInSocket("witness", channel);
          try {
            for (const text of texts) sender.socket.send(text);
            await sender.settle();
            await witness.settle();
            const want = expectations(texts, channel);
            const label = JSON.stringify(texts).slice(0, 2000);

            for (const m of sender.received) expect(m.event, label).toMatch(/^pusher(_internal)?:/);
            const errors = sender.received.filter((m) => m.event === "pusher:error").map((m) => m.data?.code as number);
            expect(errors.filter((code) => code === 4301).length, `${label}: refusals`).toBe(want.refused);
            expect(errors.filter((code) => code === 4300).length, `${label}: unreadable`).toBe(want.unreadable);
            // A close says why first: pusher:error with the close's code.
            expect(
              errors.filter((code) => code !== 4300 && code !== 4301),
              label,
            ).toEqual(want.closes ? [4009] : []);
            expect(sender.closeCode(), label).toBe(want.closes ? 4009 : undefined);
            if (!want.closes)
              expect(
                sender.received.some((m) => m.event === "pusher:pong"),
                label,
              ).toBe(true);

            const relayed = witness.received.filter((m) => m.channel === channel && !m.event.startsWith("pusher"));
            expect(relayed, label).toEqual(want.relayed.map((m) => JSON.parse(JSON.stringify(m))));
          } finally {
            sender.socket.close();
            witness.socket.close();
          }
        }),
        { numRuns: RUNS },
      );
      await serverStillServes(server.port, app.key);
    },
    30_000 + RUNS * 500,
  );
});

describe("corpus: what the property found", () => {
  it("a socket closed for a sign-in that does not verify relays nothing it sends after it", async () => {
    const channel = `private-fuzz-${++run}`;
    const sender = await signedInSocket("fuzzer", channel);
    const witness = await signedInSocket("witness", channel);
    sender.socket.send(JSON.stringify({ event: "pusher:signin", data: { channel: "", auth: "" } }));
    sender.socket.send(JSON.stringify({ event: "client-", channel, data: {} }));
    await sender.settle();
    await witness.settle();
    expect(sender.closeCode()).toBe(4009);
    expect(witness.received.filter((m) => m.channel === channel && !m.event.startsWith("pusher"))).toEqual([]);
    witness.socket.close();
  });
});
