/**
 * The floor page's build (bench/pages-floor.ts): the app's build settings that shape what a
 * browser downloads — the same Next.js, a production build, no powered-by header — and nothing
 * of the app. Its own dist dir, so its build never touches the app's.
 */
const nextConfig = {
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
