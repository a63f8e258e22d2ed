import "server-only";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter } from "age-encryption";
import tar from "tar-stream";

const AGE_MAGIC = "age-encryption.org/v1\n";

/** Whether the archive is age-encrypted (its first line says so). */
async function isEncrypted(file: string) {
  const handle = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    await handle.read(head, 0, head.length, 0);
    return head.toString("latin1") === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Reads an archive entry by entry, in order: `onEntry` gets each one's name, declared size and
 * bytes, which it must consume. Decrypted on the way when encrypted (the passphrase is needed);
 * a truncated or damaged archive rejects, naming what failed.
 */
export async function readArchive(file: string, options: { passphrase?: string }, onEntry: (name: string, size: number, body: Readable) => Promise<void>) {
  let bytes: Readable = fs.createReadStream(file);
  if (await isEncrypted(file)) {
    if (!options.passphrase) throw new Error("the archive is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with");
    const decrypter = new Decrypter();
    decrypter.addPassphrase(options.passphrase);
    let decrypted: ReadableStream<Uint8Array>;
    try {
      decrypted = await decrypter.decrypt(Readable.toWeb(bytes) as unknown as ReadableStream<Uint8Array>);
    } catch (error) {
      throw new Error(`cannot decrypt the archive (wrong BACKUP_PASSPHRASE, or a damaged header): ${(error as Error).message}`);
    }
    bytes = Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>);
  }
  const extract = tar.extract();
  bytes.on("error", (error) => extract.destroy(error));
  bytes.pipe(extract);
  // What the caller does with an entry fails as itself; what the archive's bytes do, as the archive's fault.
  let handlerError: unknown;
  try {
    for await (const entry of extract) {
      try {
        await onEntry(entry.header.name, entry.header.size ?? 0, entry as unknown as Readable);
      } catch (error) {
        handlerError = error;
        throw error;
      }
    }
  } catch (error) {
    throw archiveError(error, handlerError === error);
  } finally {
    bytes.destroy();
  }
}

/** An error while reading, told as what it means for the archive. */
function archiveError(error: unknown, fromHandler: boolean) {
  const message = (error as Error).message;
  if (/unexpected end|premature close|truncated/i.test(message)) return new Error(`the archive is truncated (${message})`);
  if (/invalid tar header|checksum/i.test(message)) return new Error(`the archive is damaged: ${message}`);
  if (fromHandler) return error;
  return new Error(`the archive is damaged: ${message}`);
}
