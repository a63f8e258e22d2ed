import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";

export default defineConfig({
  testDir: "e2e",
  // A guard against hangs, not a speed check: most tests take axe runs and screenshots at two
  // widths, which take half a minute on a loaded 2-core CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI a failed test runs once more; one that passes then is named as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./tests/helpers/playwright-flaky-reporter.ts"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  // The production build on a fresh embedded database: exactly what `npm start` runs.
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && tsx --import ./scripts/server-only-stub.mjs scripts/start.ts`,
    // The suite signs the demo people in through e-mail links many times within 15 minutes; the
    // webhooks spec's receiver listens on loopback, which only WEBHOOK_URL_HOSTS lets endpoints use;
    // the sso spec's OpenID Connect provider too (OIDC_ISSUER_HOSTS).
    env: {
      PORT: String(PORT),
      REALTIME_PORT: String(PORT + 1),
      DATA_DIR: E2E_DATA_DIR,
      SIGN_IN_LINKS_PER_15_MINUTES: "1000",
      WEBHOOK_URL_HOSTS: "127.0.0.1",
      OIDC_ISSUER_HOSTS: "127.0.0.1",
    },
    url: `http://localhost:${PORT}/sign-in`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
