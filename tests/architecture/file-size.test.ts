import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No source file over 400 lines: a file that long holds several things, to be split by what
 * its parts do. Tests (*.test.ts, tests/, e2e/) and generated code (lib/db/generated) are
 * exempt; so is the messages JSON, which is not code.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_LINES = 400;
const CODE = /\.(ts|tsx|mjs)$/;
const EXEMPT = [/\.test\.tsx?$/, /\.spec\.tsx?$/, /^tests\//, /^e2e\//, /^lib\/db\/generated\//, /(^|\/)node_modules\//, /\.d\.ts$/];
const SKIPPED_DIRS = new Set(["node_modules", "tests", "e2e", "public", "messages", "prisma", "deploy"]);

function* sourceFiles(dir = ""): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".") && !SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(rel);
    } else if (CODE.test(entry.name) && !EXEMPT.some((re) => re.test(rel))) yield rel;
  }
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("file size", () => {
  it("counts lines as wc -l does for a file ending in a newline", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles()];
    expect(files).toContain("lib/http/route.ts");
    const long = files
      .map((f) => ({ f, n: lineCount(fs.readFileSync(path.join(ROOT, f), "utf8")) }))
      .filter(({ n }) => n > MAX_LINES)
      .map(({ f, n }) => `${f}: ${n} lines`);
    expect(long, `Split these by what their parts do (at most ${MAX_LINES} lines a file)`).toEqual([]);
  });
});
