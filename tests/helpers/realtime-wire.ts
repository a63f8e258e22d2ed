import { randomBytes } from "node:crypto";
import net from "node:net";
import fc from "fast-check";
import { expect } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "./realtime";

/**
 * The realtime server's wire, byte by byte, for the property tests of lib/realtime: raw TCP
 * exchanges that tell an answer from a dropped or hung connection, WebSocket frames built field
 * by field, and the server's frames read back.
 */

/** What came back on a raw connection: the bytes, and whether the server closed it or it hung. */
export type Exchange = { bytes: Buffer; closed: boolean; hung: boolean };

/**
 * Writes `bytes` on a fresh TCP connection and reads until `done(bytes)` says the answer is
 * complete, the server closes, or `waitMs` passes (then `hung`). A slow machine gets room: the
 * wait ends as soon as the answer is there.
 */
export function exchange(port: number, bytes: Buffer | string, done: (received: Buffer) => boolean, waitMs = 5000): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let settled = false;
    const finish = (closed: boolean, hung: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), closed, hung });
    };
    const timer = setTimeout(() => finish(false, true), waitMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (done(Buffer.concat(chunks))) finish(false, false);
    });
    socket.on("close", () => finish(true, false));
    socket.on("error", () => undefined);
  });
}

/** The status of an HTTP answer, 0 before its status line is complete. */
export const statusOf = (answer: Buffer) => Number(/^HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n/.exec(answer.toString("latin1"))?.[1] ?? 0);

export const upgradeRequest = (target: string, headers = "") =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`;

export type ServerFrame = { opcode: number; payload: Buffer };

/** The complete frames the server sent after its 101 (server frames are never masked). */
export function serverFrames(bytes: Buffer): ServerFrame[] {
  const frames: ServerFrame[] = [];
  const head = bytes.indexOf("\r\n\r\n");
  if (head < 0) return frames;
  let offset = head + 4;
  while (offset + 2 <= bytes.length) {
    let length = bytes[offset + 1] & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (start + 2 > bytes.length) break;
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > bytes.length) break;
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > bytes.length) break;
    frames.push({ opcode: bytes[offset] & 0x0f, payload: bytes.subarray(start, start + length) });
    offset = start + length;
  }
  return frames;
}

/** The code of the server's close frame, 1005 for one without a code, undefined without a close. */
export function closeCodeOf(frames: ServerFrame[]): number | undefined {
  const close = frames.find((f) => f.opcode === 0x8);
  if (!close) return undefined;
  return close.payload.length >= 2 ? close.payload.readUInt16BE(0) : 1005;
}

/** The Pusher messages among the server's text frames. */
export const pusherMessagesOf = (frames: ServerFrame[]) =>
  frames.filter((f) => f.opcode === 0x1).map((f) => JSON.parse(f.payload.toString("utf8")) as { event: string; channel?: string; data?: unknown });

export type ClientFrame = { fin: boolean; rsv: number; opcode: number; masked: boolean; payload: Buffer; claimedLength?: number };

/** A client frame exactly as described, however wrong (masked with a random key when `masked`). */
export function frameBytes(frame: ClientFrame): Buffer {
  const length = frame.claimedLength ?? frame.payload.length;
  const first = (frame.fin ? 0x80 : 0) | ((frame.rsv & 0x7) << 4) | (frame.opcode & 0xf);
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, length]);
  else if (length < 65536) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!frame.masked) return Buffer.concat([header, frame.payload]);
  header[1] |= 0x80;
  const key = randomBytes(4);
  const payload = Buffer.from(frame.payload.map((byte, i) => byte ^ key[i % 4]));
  return Buffer.concat([header, key, payload]);
}

/** A well-formed text frame from a client. */
export const textFrame = (text: string) => frameBytes({ fin: true, rsv: 0, opcode: 0x1, masked: true, payload: Buffer.from(text) });

/** Text with the characters that break parsers: brackets, %, quotes, controls, non-ASCII. */
export const nasty = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "[",
        "]",
        "{",
        "}",
        "%",
        "%E0",
        "%A4",
        "%ff",
        ":",
        "/",
        "?",
        "#",
        "@",
        "\\",
        '"',
        " ",
        "\t",
        "\u0000",
        "é",
        "\u{1F600}",
        "..",
        "http://",
        "*",
      ),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

/** A client that connects properly, subscribes to a public channel and gets a pong: the server still works. */
export async function serverStillServes(port: number, key: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7`);
  const events: string[] = [];
  const got = (event: string) =>
    withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (events.includes(event) ? resolve() : setTimeout(check, 5));
        check();
      }),
      5000,
      event,
    );
  socket.on("message", (raw) => events.push((JSON.parse(raw.toString()) as { event: string }).event));
  await got("pusher:connection_established");
  socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "health-check" } }));
  await got("pusher_internal:subscription_succeeded");
  socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
  await got("pusher:pong");
  socket.close();
  const health = await fetch(`http://127.0.0.1:${port}/health`);
  expect(health.status).toBe(200);
}
