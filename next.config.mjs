/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/wasm packages stay outside the bundle and are loaded from node_modules.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket", "nodemailer"],
  poweredByHeader: false,
  // A separate build folder per concurrent run (e2e, bench) when NEXT_DIST_DIR is set.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Body limits are enforced by lib/http per route; this only lifts Next's own proxy cap.
  experimental: { proxyClientMaxBodySize: "30mb" },
};

export default nextConfig;
