import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The server boundary. Modules under lib/ that touch the database, secrets or the environment,
 * the file system, child processes or the AI/mail/realtime providers start with
 * `import "server-only"`: Next.js then refuses to bundle them into the browser. Modules the
 * browser uses (schemas.ts and their zod rules, realtime event names, language codes, …)
 * import none of that. This test checks both sides:
 *
 *   1. from every "use client" file (app/, components/), following its runtime imports
 *      (`import type` is erased) through components/ and lib/: no reached module imports
 *      "server-only", a Node builtin or lib/db;
 *   2. every lib module that imports lib/db, node:fs or node:child_process, or reads
 *      process.env or env(), imports "server-only" first, but for the exceptions below.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Server code that must not import "server-only", because something loads it where the marker
 * would throw: the files below and every module they reach are the exceptions of check 2.
 */
const NO_MARKER_ROOTS: Record<string, string> = {
  pages: "the pages router's sign-in pages (getServerSideProps): Next.js refuses \"server-only\" outside the app router's server layer",
  e2e: "Playwright loads the specs' imports (lib/supervisor/spawn-part) without the server-only stub",
  "playwright.config.ts": "Playwright loads its config without the server-only stub",
  "proxy.ts": "the proxy (middleware) bundle: kept free of the marker rather than relying on how its layer resolves it",
};

const BUILTINS = new Set(builtinModules);
const isBuiltin = (spec: string) => spec.startsWith("node:") || BUILTINS.has(spec.split("/")[0]);

type Import = { spec: string; typeOnly: boolean };

/** The import and re-export specifiers of a module's source, and whether each is erased (type only). */
export function importsOf(source: string): Import[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found: Import[] = [];
  const statement = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(statement)) {
    const clause = m[3].trim();
    // `import { type A, type B } from` is erased too.
    const allTypes = /^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(",").map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith("type "));
    found.push({ spec: m[4], typeOnly: Boolean(m[2]) || (allTypes && clause !== "{}") });
  }
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) found.push({ spec: m[1], typeOnly: false });
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
}

/** The repository file an import names ("@/…" or relative), or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const file = path.join(ROOT, candidate);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return path.normalize(candidate);
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

const sources = new Map<string, string>();
const read = (file: string) => {
  let text = sources.get(file);
  if (text === undefined) sources.set(file, (text = fs.readFileSync(path.join(ROOT, file), "utf8")));
  return text;
};

function* walk(dir: string, withSpecs = false): Generator<string> {
  if (fs.statSync(path.join(ROOT, dir)).isFile()) return yield dir;
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated") yield* walk(rel, withSpecs);
    } else if (/\.tsx?$/.test(entry.name) && (withSpecs || !/\.(test|spec)\.tsx?$/.test(entry.name)) && !entry.name.endsWith(".d.ts")) yield rel;
  }
}

/** The files of a no-marker root: Playwright's specs included. */
const noMarkerFiles = (root: string) => [...walk(root, true)];

const isClientFile = (file: string) => /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*["']use client["']/.test(read(file));

/** What makes a module server-only, or "" for none. */
function serverSide(file: string): string {
  const problems: string[] = [];
  for (const { spec, typeOnly } of importsOf(read(file))) {
    if (typeOnly) continue;
    if (spec === "server-only") problems.push('imports "server-only"');
    else if (isBuiltin(spec)) problems.push(`imports ${spec}`);
    else if (spec.startsWith("@/lib/db/") || spec === "@/lib/db") problems.push(`imports ${spec}`);
  }
  return problems.join(", ");
}

/** Every module a root reaches through runtime imports, with the chain that reaches it. */
function reached(roots: string[]) {
  const via = new Map<string, string[]>();
  const queue = roots.map((r) => [r]);
  for (const r of roots) via.set(r, [r]);
  while (queue.length) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1];
    for (const { spec, typeOnly } of importsOf(read(file))) {
      if (typeOnly) continue;
      const target = resolve(file, spec);
      if (!target || via.has(target)) continue;
      via.set(target, [...chain, target]);
      queue.push([...chain, target]);
    }
  }
  return via;
}

describe("server boundary", () => {
  it("reads imports as TypeScript erases them", () => {
    const src = [
      'import "server-only";',
      'import type { A } from "@/lib/a";',
      'import { type B, type C } from "@/lib/b";',
      'import { type D, e } from "@/lib/c";',
      'export { f } from "./f";',
      'export type { G } from "./g";',
      '// import { h } from "@/lib/h";',
      'const i = await import("@/lib/i");',
    ].join("\n");
    expect(importsOf(src)).toEqual([
      { spec: "@/lib/a", typeOnly: true },
      { spec: "@/lib/b", typeOnly: true },
      { spec: "@/lib/c", typeOnly: false },
      { spec: "./f", typeOnly: false },
      { spec: "./g", typeOnly: true },
      { spec: "server-only", typeOnly: false },
      { spec: "@/lib/i", typeOnly: false },
    ]);
  });

  it("the browser's modules reach no server-only module, Node builtin or lib/db", () => {
    const roots = [...walk("app"), ...walk("components")].filter(isClientFile);
    expect(roots.length).toBeGreaterThan(50);
    const bad = [...reached(roots)].flatMap(([file, chain]) => {
      const why = serverSide(file);
      return why ? [`${file} ${why}; reached by ${chain.join(" -> ")}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it("what loads modules without the server-only stub reaches no module that imports it", () => {
    const bad = Object.entries(NO_MARKER_ROOTS).flatMap(([root, why]) =>
      [...reached(noMarkerFiles(root))].flatMap(([file, chain]) =>
        importsOf(read(file)).some((i) => i.spec === "server-only") ? [`${file} imports "server-only"; reached by ${chain.join(" -> ")} (${why})`] : [],
      ),
    );
    expect(bad).toEqual([]);
  });

  it('lib modules with the database, files, processes or the environment import "server-only" first', () => {
    const exceptions = new Set(Object.keys(NO_MARKER_ROOTS).flatMap((root) => [...reached(noMarkerFiles(root))].map(([f]) => f)));
    const missing = [...walk("lib")].flatMap((file) => {
      const source = read(file);
      const imports = importsOf(source).filter((i) => !i.typeOnly);
      const touches =
        imports.some(({ spec }) => spec.startsWith("@/lib/db/") || ["node:fs", "node:fs/promises", "node:child_process", "fs", "child_process"].includes(spec)) ||
        /\bprocess\.env\b/.test(source) ||
        (imports.some(({ spec }) => spec === "@/lib/env") && /\benv\(\)/.test(source));
      if (!touches || exceptions.has(file)) return [];
      const first = source.match(/^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*import\s+["']([^"']+)["']/);
      return first?.[1] === "server-only" ? [] : [file];
    });
    expect(missing).toEqual([]);
  });

});
