import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": import.meta.dirname,
  // Next resolves this marker package under the react-server condition; tests run as plain Node.
  "server-only": path.join(import.meta.dirname, "tests/helpers/empty-module.ts"),
};

// Both projects run on a real, freshly migrated database (embedded PGlite, or DATABASE_URL's server).
const shared = {
  globalSetup: ["tests/helpers/global-setup.ts"],
  setupFiles: ["tests/helpers/setup-env.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { ...shared, name: "unit", include: ["lib/**/*.test.ts"] } },
      { resolve: { alias }, test: { ...shared, name: "api", include: ["tests/api/**/*.test.ts"] } },
    ],
  },
});
