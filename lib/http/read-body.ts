import { AppError } from "@/lib/errors/app-error";

const tooLarge = (max: number) => new AppError("payload_too_large", `The request body is larger than the limit of ${formatBytes(max)}.`);

export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Reads the body (of a request, or of an answer this service fetched), refusing (413) as soon as
 * it exceeds `max` bytes, whatever Content-Length says.
 */
export async function readLimited(req: Pick<Request, "headers" | "body">, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > max) throw tooLarge(max);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function readJson(req: Request, max: number): Promise<unknown> {
  // Required, not assumed: a cross-site form can only send text/plain or form types, and a
  // JSON type makes browsers ask first (CORS preflight), which other sites cannot pass.
  const type = req.headers.get("content-type");
  // No body at all (and so no type) reads as {}: `curl -X POST` of an action whose fields are optional.
  if (type === null && (await readLimited(req, max)).byteLength === 0) return {};
  if (!/^application\/(.+\+)?json\b/i.test(type ?? "")) {
    throw new AppError("unsupported_media_type", "Send the request body as application/json.");
  }
  const bytes = await readLimited(req, max);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON.");
  }
}
