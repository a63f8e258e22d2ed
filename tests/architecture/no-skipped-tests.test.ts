import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No test is skipped, focused or left for later: a test that needs a tool fails with a
 * message saying what to install (e.g. lib/media/remux.test.ts), so that a machine without
 * it reports a failure rather than a green run that tested less.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEST_DIRS = ["lib", "components", "tests", "e2e", "bench", "scripts"];
const IS_TEST = /\.(test|spec)\.tsx?$|^(tests|e2e)\/.*\.tsx?$/;
const SELF = path.relative(ROOT, import.meta.filename);

/** A runner object (it, test, describe…), then a modifier that skips, focuses or postpones (see MODIFIERS). */
const SKIPPING = /\b(?:it|test|describe|suite|bench|ctx|context)\.(?:\w+\.)*(?:skip|only|todo|runIf|skipIf|fixme)\b/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) yield* files(rel);
    } else if (IS_TEST.test(rel)) yield rel;
  }
}

/** `file:line: text` of every skipping line in a test file's text. */
const skippingLines = (file: string, source: string) =>
  source.split("\n").flatMap((line, i) => (SKIPPING.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

describe("no skipped tests", () => {
  it("finds the forms it forbids", () => {
    // Joined here so that this file does not itself contain the forms it forbids.
    const forms = [
      ["it", "skip("],
      ["test", "only("],
      ["describe", "skipIf(noTool)("],
      ["it", "runIf(x)("],
      ["test", "todo("],
      ["test", "describe", "fixme("],
      ["ctx", "skip()"],
      ["it", "concurrent", "skip("],
    ].map((parts) => parts.join("."));
    for (const form of forms) expect(skippingLines("x.test.ts", `  ${form}"a", () => {});`), form).toHaveLength(1);
    for (const fine of ["skipDuplicates: true", "const only = () => 1; only()", "// skip pongs", "skipStep(tx)"])
      expect(skippingLines("x.test.ts", fine), fine).toEqual([]);
  });

  it("no test file skips, focuses or postpones a test", () => {
    const found = TEST_DIRS.filter((d) => fs.existsSync(path.join(ROOT, d)))
      .flatMap((d) => [...files(d)])
      .filter((f) => f !== SELF)
      .flatMap((f) => skippingLines(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(found, "Make the test fail with what to install instead of skipping it").toEqual([]);
  });
});
