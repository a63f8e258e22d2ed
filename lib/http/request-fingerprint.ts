import { createHash, type Hash } from "node:crypto";

export type Fingerprinted = {
  /** The same request, its body hashed as the handler reads it. */
  request: Request;
  /** Reads what the handler left of the body (up to `limit` bytes) and returns the SHA-256, hex. */
  digest(limit: number): Promise<string>;
};

const boundaryOf = (contentType: string) => /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean);

/**
 * Feeds `hash` with the body, leaving out every occurrence of a multipart boundary: a client
 * that encodes the same form again (FormData picks a new random boundary each time) sends the
 * same parts, and must get the same fingerprint. The tail that could start a boundary is held
 * back until the next chunk shows whether it does.
 */
function boundaryBlind(hash: Hash, boundary: Buffer) {
  let carry = Buffer.alloc(0);
  return {
    update(chunk: Uint8Array) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let start = 0;
      for (let at = buf.indexOf(boundary, start); at >= 0; at = buf.indexOf(boundary, start)) {
        hash.update(buf.subarray(start, at));
        hash.update("\0boundary\0");
        start = at + boundary.length;
      }
      const keep = Math.min(boundary.length - 1, buf.length - start);
      hash.update(buf.subarray(start, buf.length - keep));
      carry = Buffer.from(buf.subarray(buf.length - keep));
    },
    end() {
      hash.update(carry);
    },
  };
}

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path with query, content
 * type (without a multipart boundary) and the body's bytes (a multipart body without its
 * boundaries). The body is hashed while the handler streams it, so an upload is never held in
 * memory for this; whatever the handler does not read is read (and dropped) by `digest`.
 */
export function fingerprintRequest(req: Request): Fingerprinted {
  const url = new URL(req.url);
  const contentType = req.headers.get("content-type") ?? "";
  const boundary = /^multipart\//i.test(contentType) ? boundaryOf(contentType) : undefined;
  const hash = createHash("sha256");
  hash.update(`${req.method}\0${url.pathname}${url.search}\0${contentType.replace(/;\s*boundary=("[^"]*"|[^;\s]*)/i, "")}\0`);
  const feed = boundary ? boundaryBlind(hash, Buffer.from(`--${boundary}`)) : { update: (c: Uint8Array) => hash.update(c), end() {} };

  if (!req.body) return { request: req, digest: async () => (feed.end(), hash.digest("hex")) };
  const reader = req.body.getReader();
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await reader.read();
        if (next.done) {
          ended = true;
          return controller.close();
        }
        feed.update(next.value);
        controller.enqueue(next.value);
      },
      // A handler that stops reading (a body over its limit) leaves the rest to `digest`.
      cancel() {},
      // Pulled only when the handler reads: nothing is read ahead behind `digest`'s back.
    },
    { highWaterMark: 0 },
  );
  const request = new Request(req, { body, duplex: "half" } as RequestInit);

  async function digest(limit: number) {
    let read = 0;
    try {
      while (!ended) {
        const next = await reader.read();
        if (next.done) break;
        read += next.value.byteLength;
        if (read > limit) {
          hash.update("\0truncated\0");
          await reader.cancel().catch(() => {});
          break;
        }
        feed.update(next.value);
      }
    } catch {
      hash.update("\0interrupted\0");
    }
    feed.end();
    return hash.digest("hex");
  }
  return { request, digest };
}
