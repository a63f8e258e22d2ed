import type { FullConfig, Reporter, Suite } from "@playwright/test/reporter";
import path from "node:path";

/**
 * The Playwright side of tests/helpers/flaky-reporter.ts: under CI a failed test runs once more
 * (playwright.config.ts `retries`), and a test that passed only then is named here as
 * `flaky test: …`, a line .ci/run copies into its summary. A test that fails twice still fails
 * the run. Most specs build on the demo district as earlier specs left it, so a retry helps
 * only a test that failed before it changed anything.
 */
export default class PlaywrightFlakyReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    for (const test of this.root?.allTests() ?? []) {
      if (test.outcome() !== "flaky") continue;
      const where = `${path.relative(process.cwd(), test.location.file)}:${test.location.line}`;
      console.log(`flaky test: ${where} > ${test.title} (passed on retry ${test.results.length - 1})`);
    }
  }

  printsToStdio() {
    return false;
  }
}
