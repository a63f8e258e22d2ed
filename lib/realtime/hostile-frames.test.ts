import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeCodeOf,
  exchange,
  frameBytes,
  pusherMessagesOf,
  serverFrames,
  serverStillServes,
  statusOf,
  textFrame,
  upgradeRequest,
  type ClientFrame,
  type ServerFrame,
} from "@/tests/helpers/realtime-wire";
import { parseBoundedJson } from "./bounded-json";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";
import { MAX_FRAME_BYTES } from "./limits";

/**
 * WebSocket frames built field by field (FIN, RSV bits, every opcode, the mask bit, the length
 * and what it claims, the payload), each sent after a valid handshake to the server as production
 * runs it. The property knows what each frame must get (RFC 6455, Pusher): a protocol violation a
 * close with 1002, text that is not UTF-8 1007, a frame over the limit 1009, a close frame its
 * echo, a ping its pong, text that is not a JSON object `pusher:error` 4300; and whenever the
 * socket stays open, a Pusher ping sent next still gets its pong. No answer where one is due
 * fails it, as does a close with any other code.
 */
const app = { appId: "4243", key: "frameskey", secret: "f".repeat(32) };
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
let server: EmbeddedRealtimeServer;

beforeAll(async () => {
  server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...app, requireSignin: true });
});
afterAll(() => server.close());

const PING = textFrame(JSON.stringify({ event: "pusher:ping", data: {} }));
const CLOSE_CODES_ALLOWED = (code: number) => (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

/** What the server must answer to one frame. */
type Expected =
  | { kind: "close"; code: number }
  /** The frame is incomplete: the server waits for the rest and must not close the socket. */
  | { kind: "waits" }
  /** The socket stays open; `reply` is what comes before the next pong, if anything is due. */
  | { kind: "open"; reply?: { pong: Buffer } | { pusherError: number } };

function expected(frame: ClientFrame): Expected {
  const { fin, rsv, opcode, masked, payload } = frame;
  const length = frame.claimedLength ?? payload.length;
  const control = opcode >= 0x8;
  // What the header alone shows, in the order the server reads it: reserved bits, the opcode (a
  // continuation with nothing to continue, a fragmented or long control frame), the mask bit.
  if (rsv !== 0 || ![0x0, 0x1, 0x2, 0x8, 0x9, 0xa].includes(opcode) || opcode === 0x0 || (control && (!fin || length > 125)))
    return { kind: "close", code: 1002 };
  if (!masked) return { kind: "close", code: 1002 };
  if (length > MAX_FRAME_BYTES) return { kind: "close", code: 1009 };
  if (length > payload.length) return { kind: "waits" };
  // A first fragment: the ping sent next starts a new message before it ended.
  if (!fin) return { kind: "close", code: 1002 };
  switch (opcode) {
    case 0x8: {
      if (length === 0) return { kind: "close", code: 1005 };
      if (length === 1) return { kind: "close", code: 1002 };
      const code = payload.readUInt16BE(0);
      if (!CLOSE_CODES_ALLOWED(code)) return { kind: "close", code: 1002 };
      return isUtf8(payload.subarray(2)) ? { kind: "close", code } : { kind: "close", code: 1007 };
    }
    case 0x9:
      return { kind: "open", reply: { pong: payload } };
    case 0xa:
    case 0x2:
      return { kind: "open" };
    default: {
      if (!isUtf8(payload)) return { kind: "close", code: 1007 };
      const value = parseBoundedJson(payload.toString("utf8"));
      return value && typeof value === "object" && !Array.isArray(value) ? { kind: "open" } : { kind: "open", reply: { pusherError: 4300 } };
    }
  }
}

function isUtf8(bytes: Buffer) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const payload = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.string({ maxLength: 100 }).map((t) => Buffer.from(t)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v))),
  fc.constantFrom('{"event":"pusher:ping","data":{}}', '{"event":"client-x","channel":"private-x","data":{}}', "[]", "{").map((t) => Buffer.from(t)),
  fc
    .tuple(fc.integer({ min: 0, max: 5000 }), fc.string({ maxLength: 20 }))
    .map(([code, reason]) => Buffer.concat([Buffer.from([code >> 8, code & 0xff]), Buffer.from(reason)])),
);
const frame: fc.Arbitrary<ClientFrame> = fc
  .record({
    fin: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    rsv: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 7 }) }),
    opcode: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0x1, 0x2, 0x8, 0x9, 0xa) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 15 }) }),
    masked: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    payload,
    claimedLength: fc
      .option(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: MAX_FRAME_BYTES + 1, max: 2 ** 40 })), { freq: 4 })
      .map((v) => v ?? undefined),
  })
  .map((f) => (f.claimedLength !== undefined && f.claimedLength < f.payload.length ? { ...f, payload: f.payload.subarray(0, f.claimedLength) } : f));

const HANDSHAKE = Buffer.from(upgradeRequest(`/app/${app.key}?protocol=7`));

/** The server's frames after the handshake, once `done` says enough came. */
async function framesFor(bytes: Buffer, done: (frames: ServerFrame[]) => boolean, waitMs = 5000) {
  const answer = await exchange(server.port, bytes, (received) => done(serverFrames(received)), waitMs);
  expect(statusOf(answer.bytes)).toBe(101);
  return { frames: serverFrames(answer.bytes), hung: answer.hung };
}

const hasPong = (frames: ServerFrame[]) => pusherMessagesOf(frames).some((m) => m.event === "pusher:pong");
const closed = (frames: ServerFrame[]) => closeCodeOf(frames) !== undefined;

describe("property: any WebSocket frame gets what the protocol says, and the socket or the server goes on", () => {
  it(
    "each frame is answered as RFC 6455 and Pusher say",
    async () => {
      await fc.assert(
        fc.asyncProperty(frame, async (f) => {
          const want = expected(f);
          const sent = frameBytes(f);
          const label = `${JSON.stringify({ ...f, payload: f.payload.toString("hex") })} → ${JSON.stringify(want)}`;
          if (want.kind === "close") {
            const { frames, hung } = await framesFor(Buffer.concat([HANDSHAKE, sent, PING]), closed);
            expect(hung, `${label}: no close in 5 s`).toBe(false);
            expect(closeCodeOf(frames), label).toBe(want.code);
          } else if (want.kind === "waits") {
            // The rest never comes: meanwhile nothing may close the socket (it waits, as it should).
            const { frames } = await framesFor(Buffer.concat([HANDSHAKE, sent]), closed, 500);
            expect(closeCodeOf(frames), label).toBeUndefined();
          } else {
            const { frames, hung } = await framesFor(Buffer.concat([HANDSHAKE, sent, PING]), (got) => hasPong(got) || closed(got));
            expect(hung, `${label}: no pong in 5 s`).toBe(false);
            expect(closeCodeOf(frames), label).toBeUndefined();
            for (const m of pusherMessagesOf(frames)) expect(m.event, label).toMatch(/^pusher(_internal)?:/);
            if (want.reply && "pong" in want.reply) expect(frames.find((x) => x.opcode === 0xa)?.payload.equals(want.reply.pong), label).toBe(true);
            if (want.reply && "pusherError" in want.reply) {
              const error = pusherMessagesOf(frames).find((m) => m.event === "pusher:error");
              expect((error?.data as { code?: number } | undefined)?.code, label).toBe(want.reply.pusherError);
            }
          }
        }),
        { numRuns: RUNS },
      );
      await serverStillServes(server.port, app.key);
    },
    30_000 + RUNS * 1000,
  );
});
