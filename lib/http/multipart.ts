import "server-only";
import { once } from "node:events";
import { Transform, type Readable } from "node:stream";
import busboy from "busboy";
import { AppError, invalid } from "@/lib/errors/app-error";
import { isPrototypeKey } from "@/lib/validation/safe-record";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/validation/text.shared";
import { outsideAdmission } from "./admission";
import { formatBytes } from "./read-body";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("uploads");

/** Text fields of an upload: how many, and how long each (in bytes) at most. */
const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 16 * 1024;

/** The file part as its headers describe it. */
export type FilePart = { field: string; fileName: string; contentType: string };

export type UploadOptions<T> = {
  /** Limit of the whole body (MAX_UPLOAD_BYTES): 413 as soon as the body passes it. */
  maxBytes: number;
  /** A tighter limit for the file alone, with its own sentence (a photo's 5 MB). */
  maxFile?: { bytes: number; message: string };
  /** The multipart field that carries the file; default "file". */
  fileField?: string;
  /**
   * Called once, when the file part begins, with the fields that came before it: writes
   * `body` to storage while it arrives and returns what it stored. Throwing refuses the
   * upload at once (e.g. a field already known to be wrong). It must read `body` to its end,
   * and reject, keeping nothing, when `body` fails.
   */
  store(file: FilePart, body: Readable, fieldsBefore: Readonly<Record<string, string>>): Promise<T>;
  /** Removes what `store` wrote: called whenever the request is refused after it stored. */
  discard(stored: T): Promise<void>;
};

export type Upload<T> = {
  /** Text fields, first value of each name, whether sent before or after the file. */
  fields: Readonly<Record<string, string>>;
  file: FilePart & { size: number };
  stored: T;
};

const tooLarge = (max: number) => new AppError("payload_too_large", `The request body is larger than the limit of ${formatBytes(max)}.`);
const malformed = () => new AppError("validation_error", "The multipart body could not be read.", [{ path: "body", message: "malformed multipart body" }]);
const interrupted = () =>
  new AppError("validation_error", "The upload was interrupted before it was complete.", [{ path: "body", message: "incomplete body" }]);
const missingFile = (field: string) => invalid(field, "Attach the file in this multipart field.");

/**
 * Reads a multipart/form-data upload of one file as it arrives: the file goes to `store` as a
 * stream (never held whole), text fields come back as strings. Whatever goes wrong — a body
 * over `maxBytes`, a malformed body, a client that goes away, `accept` refusing the fields —
 * what `store` wrote is discarded before the error is thrown, so nothing partial remains.
 * `accept` runs once the whole body is read: it validates the fields and records the upload.
 * While the body arrives the request holds no admission slot (admission.ts): a slow client's
 * upload must not keep others out; it takes its turn again for `accept`.
 */
export async function receiveUpload<T, R>(req: Request, options: UploadOptions<T>, accept: (upload: Upload<T>) => Promise<R>): Promise<R> {
  const upload = await outsideAdmission(() => readUpload(req, options));
  try {
    return await accept(upload);
  } catch (error) {
    await discardQuietly(options, upload.stored);
    throw error;
  }
}

/** The reading half of `receiveUpload`: on success the caller owns `stored` (and its discarding). */
export async function readUpload<T>(req: Request, options: UploadOptions<T>): Promise<Upload<T>> {
  const fileField = options.fileField ?? "file";
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the file as multipart/form-data.");
  }
  if (Number(req.headers.get("content-length") ?? NaN) > options.maxBytes) throw tooLarge(options.maxBytes);
  let parser: busboy.Busboy;
  try {
    // preservePath: the display name keeps what the client sent; storage keys use safeFileName.
    parser = busboy({ headers: { "content-type": contentType }, preservePath: true, limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
  } catch {
    throw malformed(); // no boundary, or a content type busboy cannot parse
  }

  const fields: Record<string, string> = Object.create(null);
  let file: Upload<T>["file"] | undefined;
  let storing: Promise<{ stored: T } | undefined> | undefined;
  let failure: unknown;
  const wakeOnFailure = new Set<() => void>();
  /** The first error wins; destroying the parser ends the file stream with it, so `store` stops and cleans up. */
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    for (const wake of wakeOnFailure) wake();
    parser.destroy(error as Error);
  };
  /**
   * `promise`'s outcome, or null as soon as the upload fails. Not Promise.race with a
   * request-long promise: each race would stay attached to it, holding on to the chunk it
   * resolved with until the request ends, i.e. the whole file.
   */
  const unlessFailed = <V>(promise: Promise<V>) =>
    new Promise<V | null>((resolve, reject) => {
      const wake = () => resolve(null);
      wakeOnFailure.add(wake);
      promise.then(resolve, reject).finally(() => wakeOnFailure.delete(wake));
    });
  const parsed = new Promise<void>((resolve) => parser.once("close", resolve));

  parser.on("error", (error) => fail(error instanceof AppError ? error : malformed()));
  parser.on("fieldsLimit", () => fail(invalid("body", `Send at most ${MAX_FIELDS} text fields.`)));
  parser.on("field", (name, value, info) => {
    if (name === fileField) return fail(missingFile(fileField)); // text where the file belongs
    if (info.valueTruncated) return fail(invalid(name, `At most ${formatBytes(MAX_FIELD_BYTES)}.`));
    // A part may declare its own charset: what it decodes to is checked like any text input.
    if (!isStorableText(name) || !isStorableText(value)) return fail(invalid(isStorableText(name) ? name : "body", UNSTORABLE_TEXT));
    if (isPrototypeKey(name)) return fail(invalid(name, "This field name is not allowed."));
    if (!(name in fields)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== fileField || file) {
      stream.on("error", () => {}).resume(); // ended by fail() below: its error is the request's, reported once
      return fail(invalid(name, `Send one file, in the ${fileField} field.`));
    }
    const part = { field: name, fileName: info.filename ?? "", contentType: info.mimeType };
    const received = { ...part, size: 0 };
    file = received;
    const body = countingStream(received, options.maxFile);
    // A broken body surfaces here first: as a 400, not as whatever `store` makes of it.
    stream.on("error", (error) => {
      fail(error instanceof AppError ? error : malformed());
      body.destroy(error);
    });
    body.on("error", fail);
    stream.pipe(body);
    storing = options.store(part, body, { ...fields }).then(
      (stored) => {
        if (!body.readableEnded) fail(new Error("store() returned before reading the whole file"));
        return { stored };
      },
      (error) => {
        fail(error);
        return undefined;
      },
    );
  });

  if (req.body) {
    const reader = req.body.getReader();
    let total = 0;
    try {
      while (failure === undefined) {
        // A refusal (say, by `store`) ends the reading at once, not at the client's next chunk.
        const next = await unlessFailed(reader.read());
        if (!next || failure !== undefined) break;
        if (next.done) {
          parser.end();
          break;
        }
        total += next.value.byteLength;
        if (total > options.maxBytes) fail(tooLarge(options.maxBytes));
        // Waiting for "drain" lets the storage's pace hold the client back: memory stays bounded.
        else if (!parser.write(next.value)) await unlessFailed(once(parser, "drain"));
      }
    } catch {
      fail(interrupted());
    }
    if (failure !== undefined) void discardRest(reader, options.maxBytes);
  } else {
    parser.end();
  }
  await parsed;
  const outcome = await storing;

  if (failure !== undefined) {
    if (outcome) await discardQuietly(options, outcome.stored);
    throw failure;
  }
  if (!file || !outcome) throw missingFile(fileField);
  if (file.size === 0) {
    await discardQuietly(options, outcome.stored);
    throw invalid(fileField, "The file is empty.");
  }
  return { fields: { ...fields }, file, stored: outcome.stored };
}

/** Passes the file through, counting its bytes and refusing (413) past `maxFile`. */
function countingStream(received: { size: number }, maxFile: UploadOptions<unknown>["maxFile"]) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received.size += chunk.length;
      if (maxFile && received.size > maxFile.bytes) return done(new AppError("payload_too_large", maxFile.message));
      done(null, chunk);
    },
  });
}

/**
 * Reads and drops what the client is still sending after a refusal, so that it gets to read
 * the error (a browser that is cut off mid-upload reports a network error, not the 413 or
 * 415). Past `limit` more bytes the connection is cut instead.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  try {
    for (let dropped = 0; dropped <= limit;) {
      const next = await reader.read();
      if (next.done) return;
      dropped += next.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing left to drop
  }
}

async function discardQuietly<T>(options: UploadOptions<T>, stored: T) {
  await options.discard(stored).catch((error) => log.error({ err: error }, "could not discard a refused upload"));
}
