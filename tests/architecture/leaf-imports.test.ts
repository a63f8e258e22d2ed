import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The leaves stay leaves (docs/architecture.md "Layout"): lib/media (WebM, ffmpeg) knows nothing of
 * recordings or interviews, and lib/ai (speech-to-text, summaries, translation) nothing of
 * recordings. Each module of the leaf, and every module it reaches through its imports (type
 * imports too: a type of lib/audio is knowledge of lib/audio), must stay clear of the folders named.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

const RULES: Array<{ leaf: string; never: string[] }> = [
  { leaf: "lib/media", never: ["lib/audio", "lib/interviews"] },
  { leaf: "lib/ai", never: ["lib/audio", "lib/interviews"] },
];

/** The repository modules a module imports or re-exports ("@/…" and relative specifiers; packages are left out). */
function importedFiles(file: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const specs = [
    ...[...code.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*["']([^"']+)["']/g)].map((m) => m[1]),
    ...[...code.matchAll(/\bimport\s*["']([^"']+)["']/g)].map((m) => m[1]),
    ...[...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  ];
  return specs.flatMap((spec) => {
    const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(file), spec) : null;
    if (!base) return [];
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    return found ? [found] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module `start` reaches through its imports, each with the chain that reaches it. */
function reached(start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of importedFiles(file, fs.readFileSync(file, "utf8"))) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const rel = (file: string) => path.relative(ROOT, file);

describe("the leaves import nothing of the domains above them", () => {
  it("reads imports (the reader works)", () => {
    const here = path.join(ROOT, "lib/media/x.ts");
    const source = [
      'import "server-only";',
      'import type { A } from "@/lib/audio/schemas";',
      'export { b } from "./ffmpeg";',
      'const c = await import("../ai/providers");',
    ].join("\n");
    expect(importedFiles(here, source).map(rel)).toEqual(["lib/audio/schemas.ts", "lib/media/ffmpeg.ts", "lib/ai/providers.ts"]);
  });

  for (const { leaf, never } of RULES) {
    it(`${leaf} reaches nothing in ${never.join(" or ")}`, () => {
      const files = sourceFiles(path.join(ROOT, leaf));
      expect(files.length).toBeGreaterThan(3);
      const wrong = files.flatMap((file) =>
        [...reached(file)].filter(([target]) => never.some((dir) => rel(target).startsWith(`${dir}/`))).map(([, chain]) => chain.map(rel).join(" → ")),
      );
      expect(wrong).toEqual([]);
    });
  }
});
