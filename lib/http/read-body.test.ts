import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { statusOf } from "./errors";
import { formatBytes, readJson, readLimited } from "./read-body";

const URL_ = "http://localhost/test";

/** A request whose body arrives as a stream of the given chunks, with no Content-Length. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  let cancelled = false;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled < chunks.length) controller.enqueue(chunks[pulled++]);
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { req, wasCancelled: () => cancelled, pulled: () => pulled };
}

/** A body that never ends: the reader must stop on its own once past the limit. */
function endless(headers: Record<string, string> = {}) {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new Uint8Array(1024).fill(120));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { req: new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit), wasCancelled: () => cancelled };
}

async function expectAppError(promise: Promise<unknown>, code: string, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect({ code: (error as AppError).code, status: statusOf(error as AppError) }).toEqual({ code, status });
}

describe("readLimited", () => {
  it("returns the whole body when it fits, exactly up to the limit", async () => {
    const bytes = new Uint8Array(100).fill(7);
    expect(await readLimited(new Request(URL_, { method: "POST", body: bytes }), 100)).toEqual(bytes);
    const { req } = streamed([bytes.slice(0, 60), bytes.slice(60)]);
    expect(await readLimited(req, 100)).toEqual(bytes);
  });

  it("returns an empty array for a request without a body", async () => {
    expect(await readLimited(new Request(URL_), 10)).toEqual(new Uint8Array());
  });

  it("refuses at once when Content-Length declares more than the limit, without reading", async () => {
    const { req, pulled } = streamed([new Uint8Array(10)], { "content-length": "5000" });
    await expectAppError(readLimited(req, 100), "payload_too_large", 413);
    expect(pulled()).toBe(0);
  });

  it("still refuses when Content-Length lies (claims a small body) and the body is larger", async () => {
    const { req, wasCancelled } = streamed([new Uint8Array(80), new Uint8Array(80), new Uint8Array(80)], { "content-length": "10" });
    expect(req.headers.get("content-length")).toBe("10");
    await expectAppError(readLimited(req, 100), "payload_too_large", 413);
    expect(wasCancelled()).toBe(true);
  });

  it("refuses a body without Content-Length once it passes the limit, even if it never ends", async () => {
    const { req, wasCancelled } = endless();
    expect(req.headers.get("content-length")).toBeNull();
    await expectAppError(readLimited(req, 10_000), "payload_too_large", 413);
    expect(wasCancelled()).toBe(true);
  });

  it("says the limit in the message", async () => {
    const { req } = endless();
    const error = (await readLimited(req, 1024 * 1024).catch((e) => e)) as AppError;
    expect(error.message).toContain("1 MB");
  });
});

describe("readJson", () => {
  const json = (text: string, type = "application/json") => new Request(URL_, { method: "POST", body: text, headers: { "content-type": type } });

  it("parses JSON, also with a +json type; an empty body is {}", async () => {
    expect(await readJson(json('{"a":1}'), 100)).toEqual({ a: 1 });
    expect(await readJson(json('{"a":2}', "application/merge-patch+json; charset=utf-8"), 100)).toEqual({ a: 2 });
    expect(await readJson(json("   "), 100)).toEqual({});
  });

  it("needs a JSON content type (415 without one): a cross-site form cannot send one without a preflight", async () => {
    await expectAppError(readJson(new Request(URL_, { method: "POST", body: new TextEncoder().encode("[1]") }), 100), "unsupported_media_type", 415);
    await expectAppError(readJson(json('{"a":1}', "text/plain"), 100), "unsupported_media_type", 415);
  });

  it("invalid JSON is invalid_json (400); another content type is 415; too large is 413", async () => {
    await expectAppError(readJson(json("{nope"), 100), "invalid_json", 400);
    await expectAppError(readJson(json("a=1", "application/x-www-form-urlencoded"), 100), "unsupported_media_type", 415);
    await expectAppError(readJson(json(JSON.stringify({ pad: "x".repeat(200) })), 100), "payload_too_large", 413);
    const { req } = endless({ "content-type": "application/json", "content-length": "2" });
    await expectAppError(readJson(req, 4096), "payload_too_large", 413);
  });
});

describe("formatBytes", () => {
  it.each([
    [512, "512 bytes"],
    [2048, "2 KB"],
    [25 * 1024 * 1024, "25 MB"],
    [1.5 * 1024 * 1024, "1.5 MB"],
  ])("%i → %s", (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});
