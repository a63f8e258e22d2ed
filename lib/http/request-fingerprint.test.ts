import { describe, expect, it } from "vitest";
import { fingerprintRequest } from "./request-fingerprint";

/** A request whose body arrives in the given pieces (split anywhere, boundaries included). */
function request(pieces: string[], { type = "application/json", url = "http://x/api/people?a=1" } = {}) {
  const chunks = pieces.map((p) => new TextEncoder().encode(p));
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      const next = chunks.shift();
      if (next) c.enqueue(next);
      else c.close();
    },
  });
  return new Request(url, { method: "POST", headers: { "content-type": type }, body, duplex: "half" } as RequestInit);
}

const form = (boundary: string, text: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`;

/** Splits a string into pieces of `size` characters. */
const split = (s: string, size: number) => Array.from({ length: Math.ceil(s.length / size) }, (_, i) => s.slice(i * size, (i + 1) * size));

async function digestAfterReading(req: Request, readFirst = true) {
  const f = fingerprintRequest(req);
  if (readFirst) await f.request.text();
  return f.digest(1024 * 1024);
}

describe("fingerprintRequest", () => {
  it("hashes what the handler reads, and whatever it left unread", async () => {
    const read = await digestAfterReading(request(['{"a":', "1}"]));
    const unread = await digestAfterReading(request(['{"a":1}']), false);
    expect(read).toBe(unread);
    expect(await digestAfterReading(request(['{"a":2}']))).not.toBe(read);
  });

  it("tells apart another path, query or content type", async () => {
    const base = await digestAfterReading(request(["{}"]));
    expect(await digestAfterReading(request(["{}"], { url: "http://x/api/people?a=2" }))).not.toBe(base);
    expect(await digestAfterReading(request(["{}"], { url: "http://x/api/tags?a=1" }))).not.toBe(base);
    expect(await digestAfterReading(request(["{}"], { type: "application/merge-patch+json" }))).not.toBe(base);
  });

  it("ignores a multipart boundary wherever the chunks split it, but not the parts", async () => {
    const one = await digestAfterReading(request([form("AaB03x", "same")], { type: "multipart/form-data; boundary=AaB03x" }));
    for (const size of [1, 3, 7, 50]) {
      const other = form("----formdata-0123456789", "same");
      expect(
        await digestAfterReading(request(split(other, size), { type: 'multipart/form-data; boundary="----formdata-0123456789"' })),
        `pieces of ${size}`,
      ).toBe(one);
    }
    expect(await digestAfterReading(request([form("AaB03x", "changed")], { type: "multipart/form-data; boundary=AaB03x" }))).not.toBe(one);
  });

  it("marks a body longer than the limit instead of reading it all", async () => {
    const f = fingerprintRequest(request(["x".repeat(100)]));
    const short = await f.digest(10);
    const whole = await fingerprintRequest(request(["x".repeat(100)])).digest(1000);
    expect(short).not.toBe(whole);
  });
});
