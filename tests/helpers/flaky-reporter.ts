import type { Reporter, TestCase } from "vitest/node";

/**
 * CI runs each test a second time when it fails (vitest.config.ts `retry`), so that one rare
 * timing failure does not hide a whole run's results; a test that needed that second run is
 * named here, once per run, and .ci/run copies these lines into its summary. A test that
 * fails twice still fails the run.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const { flaky, retryCount } = testCase.diagnostic() ?? {};
    if (flaky) console.log(`flaky test: ${testCase.module.moduleId.replace(process.cwd() + "/", "")} > ${testCase.fullName} (passed on retry ${retryCount})`);
  }
}
