import "server-only";

/** The Next.js build folder, as next.config.mjs names it: NEXT_DIST_DIR (one per concurrent e2e or bench run), else `.next`. */
export const buildDir = () => process.env.NEXT_DIST_DIR || ".next";
