import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { readUpload } from "@/lib/http/multipart";
import { readLimited } from "@/lib/http/read-body";
import { MAX_IMPORT_BYTES } from "./csv-schemas";

const tooLarge = () => new AppError("payload_too_large", `The file is larger than the import limit of ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it.`);

/**
 * The bytes of an import file, sent either as the request body (`text/csv`, what a script sends
 * with curl --data-binary) or as the `file` field of a multipart/form-data upload (what the
 * people page's file picker sends). At most MAX_IMPORT_BYTES (413 beyond, as soon as the body
 * passes it); the file is parsed whole, so it is held in memory.
 */
export async function readImportFile(req: Request): Promise<Uint8Array> {
  const type = req.headers.get("content-type") ?? "";
  if (/^text\/(csv|plain)\b/i.test(type)) {
    try {
      return await readLimited(req, MAX_IMPORT_BYTES);
    } catch (error) {
      throw error instanceof AppError && error.code === "payload_too_large" ? tooLarge() : error;
    }
  }
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the CSV file as text/csv, or as the `file` field of a multipart/form-data upload.");
  }
  const upload = await readUpload(req, {
    maxBytes: MAX_IMPORT_BYTES + 64 * 1024,
    maxFile: { bytes: MAX_IMPORT_BYTES, message: tooLarge().message },
    async store(_file, body) {
      const parts: Buffer[] = [];
      for await (const chunk of body) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    },
    async discard() {},
  });
  return new Uint8Array(upload.stored);
}
