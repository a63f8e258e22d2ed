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
  const fallback = name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function serveFile(file: ResolvedFile): Promise<Response> {
  const security = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" };
  if (file.kind === "initials") {
    return new Response(initialsSvg(file.first, file.last), {
      headers: { ...security, "Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=60" },
    });
  }
  const object = await storage().get(file.key);
  if (!object) throw notFound("File");
  const disposition = INLINE.test(file.contentType) ? "inline" : "attachment";
  return new Response(object.body, {
    headers: {
      ...security,
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(disposition, file.name),
      "Cache-Control": "private, max-age=300",
    },
  });
}
