import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { readUpload, receiveUpload, type UploadOptions } from "./multipart";

const URL_ = "http://localhost/upload";
const BOUNDARY = "XyZ";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (content: string, name = "file", fileName = "a.txt") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

/** A body that arrives in these pieces, one read at a time. */
function inPieces(...pieces: string[]) {
  const queue = pieces.map((p) => new TextEncoder().encode(p));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

const request = (body: string | ReadableStream<Uint8Array>, type: string | null = TYPE) =>
  new Request(URL_, { method: "POST", body, headers: type ? { "content-type": type } : {}, duplex: "half" } as RequestInit);

/** A store in memory that records what it kept and what was discarded. */
function memoryStore(overrides: Partial<UploadOptions<string>> = {}) {
  const kept = new Map<string, string>();
  const discarded: string[] = [];
  let seenBefore: Record<string, string> | undefined;
  const options: UploadOptions<string> = {
    maxBytes: 10_000,
    async store(file, body, fieldsBefore) {
      seenBefore = { ...fieldsBefore };
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const key = `k${kept.size}`;
      kept.set(key, Buffer.concat(chunks).toString());
      return key;
    },
    async discard(key) {
      discarded.push(key);
      kept.delete(key);
    },
    ...overrides,
  };
  return { options, kept, discarded, seenBefore: () => seenBefore };
}

async function expectAppError(promise: Promise<unknown>, code: string, path?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (path) expect((error as AppError).details?.[0].path).toBe(path);
}

describe("readUpload", () => {
  it("hands the file over as a stream and returns the fields sent before and after it", async () => {
    const m = memoryStore();
    const upload = await readUpload(request(field("name", "Before") + filePart("hello") + field("field_id", "after") + end), m.options);
    expect(upload.fields).toEqual({ name: "Before", field_id: "after" });
    expect(upload.file).toEqual({ field: "file", fileName: "a.txt", contentType: "text/plain", size: 5 });
    expect(m.kept.get(upload.stored)).toBe("hello");
    expect(m.seenBefore()).toEqual({ name: "Before" });
  });

  it("415 for a missing or other content type", async () => {
    await expectAppError(readUpload(request("{}", "application/json"), memoryStore().options), "unsupported_media_type");
    await expectAppError(readUpload(request("x", null), memoryStore().options), "unsupported_media_type");
  });

  it.each([
    ["no boundary", filePart("x") + end, "multipart/form-data"],
    ["garbage", "garbage", TYPE],
    ["a body that stops inside the file", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhalf a fi`, TYPE],
    ["a body without its closing boundary", filePart("x"), TYPE],
    ["a part header that never ends", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n${"X-Long: y\r\n".repeat(3000)}`, TYPE],
  ])("400 validation_error for %s, and nothing kept", async (_name, body, type) => {
    const m = memoryStore({ maxBytes: 1_000_000 });
    await expectAppError(readUpload(request(body, type), m.options), "validation_error", "body");
    expect(m.kept.size).toBe(0);
  });

  it("400 with the field's path for a missing file, an empty file, or text in the file field", async () => {
    const m = memoryStore();
    await expectAppError(readUpload(request(field("name", "x") + end), m.options), "validation_error", "file");
    await expectAppError(readUpload(request(filePart("") + end), m.options), "validation_error", "file");
    expect(m.discarded).toHaveLength(1); // the empty file was stored, then discarded
    await expectAppError(readUpload(request(field("file", "not a file") + end), m.options), "validation_error", "file");
    expect(m.kept.size).toBe(0);
  });

  it("refuses a second file, an over-long field, a NUL and too many fields", async () => {
    const m = memoryStore({ maxBytes: 1_000_000 });
    await expectAppError(readUpload(request(filePart("a") + filePart("b", "other") + end), m.options), "validation_error", "other");
    await expectAppError(readUpload(request(filePart("a") + filePart("b") + end), m.options), "validation_error", "file");
    await expectAppError(readUpload(request(field("name", "x".repeat(17 * 1024)) + filePart("a") + end), m.options), "validation_error", "name");
    await expectAppError(readUpload(request(filePart("a") + field("name", "a\u0000b") + end), m.options), "validation_error", "name");
    const many = Array.from({ length: 17 }, (_, i) => field(`f${i}`, "v")).join("");
    await expectAppError(readUpload(request(many + filePart("a") + end), m.options), "validation_error", "body");
    expect(m.kept.size).toBe(0);
  });

  it("refuses text that cannot be stored (an unpaired surrogate through a declared charset) and prototype field names", async () => {
    const m = memoryStore();
    const loneSurrogate = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: text/plain; charset=utf-16le\r\n\r\n`),
      Buffer.from([0x00, 0xd8]),
      Buffer.from(`\r\n${filePart("a")}${end}`),
    ]);
    const request16 = new Request(URL_, { method: "POST", body: loneSurrogate, headers: { "content-type": TYPE } });
    await expectAppError(readUpload(request16, m.options), "validation_error", "name");
    await expectAppError(readUpload(request(field("__proto__", "x") + filePart("a") + end), m.options), "validation_error", "__proto__");
    expect(m.kept.size).toBe(0);
  });

  it("413 past maxBytes (declared or not) and past maxFile, keeping nothing", async () => {
    const m = memoryStore({ maxBytes: 1_000 });
    await expectAppError(readUpload(request(filePart("x".repeat(2_000)) + end), m.options), "payload_too_large");
    const declared = new Request(URL_, { method: "POST", body: filePart("x") + end, headers: { "content-type": TYPE, "content-length": "5000" } });
    await expectAppError(readUpload(declared, m.options), "payload_too_large");
    // Over the limit only because of a field after the file: the stored file is discarded.
    await expectAppError(
      readUpload(request(inPieces(filePart("x") + field("name", ""), field("note", "y".repeat(2_000)) + end)), m.options),
      "payload_too_large",
    );
    expect(m.discarded).toEqual(["k0"]);
    const photo = memoryStore({ maxBytes: 10_000, maxFile: { bytes: 100, message: "Too big a photo." } });
    const error = await readUpload(request(filePart("x".repeat(101)) + end), photo.options).catch((e: AppError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", message: "Too big a photo." });
    expect(photo.kept.size).toBe(0);
  });

  it("a client that goes away mid-file is a 400, and store() is stopped with nothing kept", async () => {
    const m = memoryStore({ maxBytes: 1_000_000 });
    const head = new TextEncoder().encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n` + "x".repeat(50_000));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        setTimeout(() => controller.error(new Error("connection reset")), 10);
      },
    });
    await expectAppError(readUpload(request(body), m.options), "validation_error", "body");
    expect(m.kept.size).toBe(0);
  });

  it("an error thrown by store() is the result, before the file is read", async () => {
    const refused = new AppError("unsupported_media_type", "Not an image.");
    const m = memoryStore({
      store: async () => {
        throw refused;
      },
    });
    await expect(readUpload(request(filePart("x") + end), m.options)).rejects.toBe(refused);
  });
});

describe("receiveUpload", () => {
  it("discards what was stored when accept() refuses the upload", async () => {
    const m = memoryStore();
    const refusal = new AppError("validation_error", "No.");
    await expect(
      receiveUpload(request(filePart("bytes") + field("field_id", "wrong") + end), m.options, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(m.discarded).toEqual(["k0"]);
    expect(m.kept.size).toBe(0);
  });

  it("returns what accept() returns, keeping the stored bytes", async () => {
    const m = memoryStore();
    const result = await receiveUpload(request(filePart("bytes") + end), m.options, async ({ stored, file }) => ({ stored, size: file.size }));
    expect(result).toEqual({ stored: "k0", size: 5 });
    expect(m.kept.get("k0")).toBe("bytes");
  });
});
