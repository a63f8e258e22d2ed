import { defineConfig } from "vitest/config";
// Extension-less (Vite warns about it; tsc refuses a .ts one): the same aliases as `npm test`.
import base from "./vitest.config";

/**
 * `npm run test:scale-out`: the service scaled out (tests/scale-out), several processes of the
 * production build on one PostgreSQL server. Not part of `npm test`: it needs `npm run build`
 * first and DATABASE_URL naming a local PostgreSQL server (it makes and drops its own database).
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    name: "scale-out",
    include: ["tests/scale-out/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    server: { deps: { inline: ["use-intl"] } },
  },
});
