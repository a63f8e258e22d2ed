import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The server boundary. A lib module is one of three kinds:
 *
 *   - a server module: it touches the database, secrets or the environment, the file system,
 *     child processes or a provider (pusher, openai, nodemailer, Blob, pg, Prisma, pg-boss, ws),
 *     or imports a server module. It starts with `import "server-only"`, so Next.js refuses to
 *     bundle it for the browser;
 *   - a browser module, named `*.shared.ts`: what client code may load at runtime (event names,
 *     the sequence tracker, language codes). It imports only other `*.shared.ts` modules;
 *   - plain logic the server uses (schemas.ts, rules): no marker, and not for the browser either.
 *
 * Client code (components/, "use client" files of app/) may import types from anywhere (they
 * are erased) but values from lib/ only out of `*.shared.ts` modules. The checks:
 *
 *   1. client code imports at runtime only `*.shared.ts` modules of lib/, which import only
 *      each other, and nothing it reaches imports "server-only", a Node builtin or lib/db;
 *   2. every server module of lib/ starts with `import "server-only"`, but the EXCEPTIONS;
 *   3. what loads modules where the marker would throw reaches no module that has it, and every
 *      exception is a server module such a loader reaches (else it needs no exception);
 *   4. lib/ imports neither components/ nor app/, but the generated route index.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * What loads server code where "server-only" would throw: the modules they reach may not import
 * it. proxy.ts is not one: Next.js builds it in a server layer, where the marker is allowed.
 */
const NO_MARKER_ROOTS: Record<string, string> = {
  pages: "the pages router's sign-in pages (getServerSideProps): Next.js refuses \"server-only\" outside the app router's server layers",
  e2e: "Playwright loads the specs' imports (lib/supervisor/node-args) without the server-only stub",
  "playwright.config.ts": "Playwright loads its config without the server-only stub",
};

/**
 * Server modules without the marker, each because a NO_MARKER_ROOT loads it: all for the
 * sign-in pages, which read the session's person and their language (session-locale.ts), the
 * interface's messages from disk, a CSRF token from next-auth on this server, and env().
 */
const EXCEPTIONS: Record<string, string> = {
  "lib/env.ts": "the settings, read by the sign-in pages (csrf-token.ts, service-origin.ts)",
  "lib/db/client.ts": "the sign-in pages' locale lookup (session-locale.ts) queries the database",
  "lib/db/pool.ts": "the connection pool of lib/db/client.ts",
  "lib/db/actor-query.ts": "the pool's connections send the audit trail's actor with their statements (lib/db/pool.ts)",
  "lib/i18n/session-locale.ts": "the sign-in pages' language: the signed-in person's, from the database",
  "lib/i18n/messages.ts": "the sign-in pages' words, read from messages/<locale>/*.json",
  "lib/auth/csrf-token.ts": "the sign-in form's CSRF token, asked of next-auth on this server (env().PORT)",
  "lib/hosting/service-origin.ts": "where this server listens (env()), for csrf-token.ts",
  "lib/pages/sign-in-page-props.ts": "the sign-in pages' props: their locale, words and language links",
  "lib/http/sign-in-policy.ts": "the sign-in page's CSP when it offers a provider (OIDC_ISSUER_HOSTS from env())",
};

/** Packages that make a module a server module: the providers, the database drivers, files and processes. */
const SERVER_PACKAGE = /^(?:pusher|openai|nodemailer|@vercel\/blob|pg|pg-boss|ws|@prisma\/.+|@electric-sql\/.+|(?:node:)?(?:fs|fs\/promises|child_process))$/;

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
    const allTypes =
      /^\{[^}]*\}$/.test(clause) &&
      clause
        .slice(1, -1)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
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

/** Client code: every file of components/ and the "use client" files of app/. */
const clientFiles = () => [...walk("components"), ...[...walk("app")].filter(isClientFile)];

const isShared = (file: string) => file.endsWith(".shared.ts");

const hasMarker = (file: string) => /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*import\s+["']server-only["']/.test(read(file));

const runtimeImports = (file: string) => importsOf(read(file)).filter((i) => !i.typeOnly);

/** What the browser must never load: the marker, a Node builtin, lib/db. "" for none. */
function unfitForBrowser(file: string): string {
  const problems: string[] = [];
  for (const { spec } of runtimeImports(file)) {
    if (spec === "server-only") problems.push('imports "server-only"');
    else if (isBuiltin(spec)) problems.push(`imports ${spec}`);
    else if (spec.startsWith("@/lib/db/") || spec === "@/lib/db") problems.push(`imports ${spec}`);
  }
  return problems.join(", ");
}

const serverReasons = new Map<string, string>();

/** Why a module is a server module ("" when it is not): what it touches, or the server module it imports. */
function serverReason(file: string): string {
  const known = serverReasons.get(file);
  if (known !== undefined) return known;
  serverReasons.set(file, ""); // an import cycle adds nothing
  const source = read(file);
  const imports = runtimeImports(file);
  let why = "";
  for (const { spec } of imports) {
    const target = resolve(file, spec);
    if (spec === "@/lib/db" || spec.startsWith("@/lib/db/") || SERVER_PACKAGE.test(spec)) why = `imports ${spec}`;
    else if (target?.startsWith("lib/") && (hasMarker(target) || serverReason(target))) why = `imports ${target}, a server module`;
    if (why) break;
  }
  if (!why && /\bprocess\.env\b/.test(source)) why = "reads process.env";
  if (!why && imports.some(({ spec }) => spec === "@/lib/env") && /\benv\(\)/.test(source)) why = "reads env()";
  serverReasons.set(file, why);
  return why;
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

  it("client code imports at runtime only *.shared.ts modules of lib, which import only each other", () => {
    const files = clientFiles();
    expect(files.length).toBeGreaterThan(100);
    const bad = [...files, ...[...walk("lib")].filter(isShared)].flatMap((file) =>
      runtimeImports(file).flatMap(({ spec }) => {
        const target = resolve(file, spec);
        return target?.startsWith("lib/") && !isShared(target) ? [`${file} imports ${target}, which is not a *.shared.ts module`] : [];
      }),
    );
    expect(bad).toEqual([]);
  });

  it("the browser's modules reach no server-only module, Node builtin or lib/db", () => {
    const loaded = reached(clientFiles());
    const bad = [...loaded].flatMap(([file, chain]) => {
      const why = unfitForBrowser(file);
      return why ? [`${file} ${why}; reached by ${chain.join(" -> ")}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('server modules of lib start with import "server-only", but the exceptions', () => {
    const missing = [...walk("lib")].flatMap((file) => {
      const why = serverReason(file);
      return why && !hasMarker(file) && !(file in EXCEPTIONS) ? [`${file} ${why}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it("what loads modules without the server-only stub reaches no module that imports it; each exception is needed", () => {
    const loadedWithoutStub = new Set<string>();
    const bad = Object.entries(NO_MARKER_ROOTS).flatMap(([root, why]) =>
      [...reached(noMarkerFiles(root))].flatMap(([file, chain]) => {
        loadedWithoutStub.add(file);
        return hasMarker(file) || importsOf(read(file)).some((i) => i.spec === "server-only")
          ? [`${file} imports "server-only"; reached by ${chain.join(" -> ")} (${why})`]
          : [];
      }),
    );
    expect(bad).toEqual([]);
    const needless = Object.keys(EXCEPTIONS).flatMap((file) =>
      !loadedWithoutStub.has(file)
        ? [`${file} (${EXCEPTIONS[file]}): nothing loads it without the stub any more, so it takes the marker`]
        : !serverReason(file)
          ? [`${file} (${EXCEPTIONS[file]}): not a server module, so no exception`]
          : [],
    );
    expect(needless).toEqual([]);
  });

  it("lib imports neither components/ nor app/", () => {
    const bad = [...walk("lib", true)].flatMap((file) =>
      importsOf(read(file))
        .filter(({ spec }) => /^@\/(components|app)\//.test(spec))
        .map(({ spec }) => `${file} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});
