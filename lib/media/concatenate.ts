import "server-only";
import fs from "node:fs";
import { Readable } from "node:stream";

/** A part of a concatenation: a file path, or a function opening a stream (e.g. from blob storage). */
export type StreamPart = string | (() => NodeJS.ReadableStream | Promise<NodeJS.ReadableStream>);

/**
 * One stream of the given parts' bytes, in order. Parts are opened one at a time, only when the
 * previous one is used up, so a long recording's chunks never sit in memory together.
 * MediaRecorder chunks (timeslice) are pieces of one WebM stream: their concatenation is a
 * valid live WebM, ready for remuxToSeekableWebm.
 */
export function concatenate(parts: StreamPart[]): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) {
        const stream = typeof part === "string" ? fs.createReadStream(part) : await part();
        for await (const chunk of stream) yield chunk as Buffer;
      }
    })(),
    { objectMode: false },
  );
}
