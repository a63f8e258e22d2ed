import "server-only";
import { recordCurrentEvents } from "@/lib/audit/record-audit-event";
import { notFound } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import type { ResolvedFile } from "./resolve-file";

// Shown in the browser; anything else is downloaded, so an uploaded page can never run on our origin.
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf|audio\/.+|video\/.+|text\/plain)$/;

const COLORS = ["#1f4fd1", "#0b7a5c", "#a3461b", "#7a2fb0", "#b0233f", "#2a6f97"];

function initialsSvg(first: string, last: string) {
  const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase().replace(/[<&>"']/g, "");
  const color = COLORS[(first.length * 7 + last.length) % COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${color}"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/**
 * RFC 6266 / 8187: `filename*` carries the exact UTF-8 name, percent-encoded beyond
 * encodeURIComponent (which leaves ' ( ) * as they are, and ' delimits the charset part);
 * `filename` is a plain-ASCII fallback for old clients.
 */
function contentDisposition(disposition: "inline" | "attachment", name: string) {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one byte range of a `Range` header (`bytes=0-99`, `bytes=100-`, `bytes=-500`) within an
 * object of `size` bytes: null to send everything (no header, another unit, several ranges),
 * "unsatisfiable" when it starts beyond the end.
 */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? "");
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return null; // malformed: ignored, as RFC 9110 allows
  return start >= size ? "unsatisfiable" : { start, end };
}

/**
 * A stored file, or the byte range the request asks for (206 with Content-Range): a player
 * seeks in a long recording without downloading it all. `Accept-Ranges: bytes` says so.
 */
export async function serveFile(file: ResolvedFile, rangeHeader: string | null = null): Promise<Response> {
  const security = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" };
  if (file.kind === "initials") {
    return new Response(initialsSvg(file.first, file.last), {
      headers: { ...security, "Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=60" },
    });
  }
  const disposition = INLINE.test(file.contentType) ? "inline" : "attachment";
  const headers = {
    ...security,
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(disposition, file.name),
    "Cache-Control": "private, max-age=300",
    "Accept-Ranges": "bytes",
  };
  // A player seeking in a recording asks for many ranges: the read is the one from its start.
  const range0 = rangeHeader ? /^\s*bytes\s*=\s*0+\s*-/i.test(rangeHeader) : true;
  if (file.read && range0) await recordCurrentEvents(file.read.districtId, [file.read.event]);
  if (rangeHeader) {
    const whole = await storage().head(file.key);
    if (!whole) throw notFound("File");
    const range = parseRange(rangeHeader, whole.size);
    if (range === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${whole.size}` } });
    }
    if (range) {
      const part = await storage().get(file.key, range);
      if (!part) throw notFound("File");
      return new Response(part.body, {
        status: 206,
        headers: { ...headers, "Content-Length": String(range.end - range.start + 1), "Content-Range": `bytes ${range.start}-${range.end}/${part.size}` },
      });
    }
  }
  const object = await storage().get(file.key);
  if (!object) throw notFound("File");
  return new Response(object.body, { headers: { ...headers, "Content-Length": String(object.size) } });
}
