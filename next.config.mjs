import { createRequire } from "node:module";
import path from "node:path";

// Messages reach use-intl precompiled (lib/i18n/compiled-messages.ts), so it formats them with
// its format-only runtime: browsers never download an ICU message parser.
const formatOnly = `./${path.relative(process.cwd(), createRequire(import.meta.url).resolve("use-intl/format-message/format-only"))}`;

/** Headers of API answers (pages get theirs, with a per-request CSP nonce, in proxy.ts). */
const apiHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/wasm packages stay outside the bundle and are loaded from node_modules.
  serverExternalPackages: [
    "pg",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "nodemailer",
    "pusher",
    "ws",
    "openai",
    "@ffmpeg-installer/ffmpeg",
    "prom-client",
  ],
  poweredByHeader: false,
  // The app's server compresses (lib/server/app-server.ts), leaving small API answers as they are.
  compress: false,
  // A separate build folder per concurrent run (e2e, bench) when NEXT_DIST_DIR is set.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Body limits are enforced by lib/http per route; this only lifts Next's own proxy cap.
  experimental: { proxyClientMaxBodySize: "30mb" },
  turbopack: { resolveAlias: { "use-intl/format-message": formatOnly } },
  async headers() {
    // /api/reference (and its sections) are pages: they send their own CSP (lib/openapi/reference-page.ts).
    return [{ source: "/api/:path((?!reference(?:/|$)).*)", headers: apiHeaders }];
  },
};

/**
 * next-intl: messages and formats per request, from i18n/request.ts. Its plugin only adds build
 * settings (module aliases, inlined env); the production server skips it, as loading it also
 * loads @swc/core and a file watcher (about 20 MB of that process's memory).
 */
export default async function config(phase) {
  if (phase === "phase-production-server") return nextConfig;
  const { default: createNextIntlPlugin } = await import("next-intl/plugin");
  return createNextIntlPlugin("./i18n/request.ts")(nextConfig);
}
