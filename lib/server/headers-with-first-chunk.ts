import type http from "node:http";

/**
 * Next.js flushes a route's headers on their own just before it writes the body's first chunk
 * (next/dist/server/pipe-readable.js), so every answer left in two socket writes: the headers,
 * then the body. Each write to a socket is a system call, 20–40 µs of CPU here (loopback and the
 * proxy's hop included), a fifth of what Next.js itself spends on a small answer. Here the
 * headers leave with that first chunk instead, in the one write Node makes of a chunk and its
 * framing. Nothing is held back: Next.js writes the chunk in the same breath, and Node sends
 * headers that were not sent yet with any write or end.
 */
export function sendHeadersWithFirstChunk(res: http.ServerResponse) {
  res.flushHeaders = () => {};
}
