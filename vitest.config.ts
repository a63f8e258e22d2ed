import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": import.meta.dirname,
  // Next resolves this marker package under the react-server condition; tests run as plain Node.
  "server-only": path.join(import.meta.dirname, "tests/helpers/empty-module.ts"),
  // As in next.config.mjs: messages are precompiled, use-intl only formats them.
  "use-intl/format-message": path.join(import.meta.dirname, "node_modules/use-intl/dist/esm/production/format-message/format-only.js"),
};

// Both projects run on a real, freshly migrated database (embedded PGlite, or DATABASE_URL's server).
const shared = {
  globalSetup: ["tests/helpers/global-setup.ts"],
  setupFiles: ["tests/helpers/setup-env.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Bundled by Vite rather than loaded by Node, so that the format-only alias above applies inside it.
  server: { deps: { inline: ["use-intl"] } },
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Files wait on the database far more than on the CPU: three at once on a 2-core machine take
    // about 5 minutes where one at a time (vitest's default there) takes about 12.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // In CI a failed test runs once more; one that passes then is named as flaky in the summary.
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./tests/helpers/flaky-reporter.ts"],
    projects: [
      { resolve: { alias }, test: { ...shared, name: "unit", include: ["lib/**/*.test.ts", "tests/architecture/**/*.test.ts", "tests/docs/**/*.test.ts"] } },
      // Each API test file runs the job workers in its own process (the unit tests that need them import the setup).
      {
        resolve: { alias },
        test: { ...shared, setupFiles: [...shared.setupFiles, "tests/helpers/job-workers.ts"], name: "api", include: ["tests/api/**/*.test.ts"] },
      },
      // The browser's own logic (recorder, uploader, optimistic sends), its edges faked (tests/helpers/browser-edges.ts).
      { resolve: { alias }, test: { name: "client", include: ["components/**/*.test.ts"], testTimeout: 30_000 } },
    ],
  },
});
