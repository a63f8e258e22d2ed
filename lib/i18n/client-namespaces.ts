import "server-only";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { nodesOf } from "./ui-sources";

/**
 * Which message namespaces the browser needs for a page: those of every client component the
 * page can render. A page sends only these (components/i18n/client-messages.tsx), not the
 * whole catalogue; client-namespaces.test.ts holds each page's list to this walk.
 */

const ROOT = process.cwd();
const parsed = new Map<string, ts.SourceFile>();

function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(
      file,
      fs.readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    parsed.set(file, source);
  }
  return source;
}

/** The repository's TypeScript file an import names, or undefined for packages and other files. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [`${base}.tsx`, `${base}.ts`, path.join(base, "index.tsx"), path.join(base, "index.ts"), base];
  return candidates.find((c) => /\.tsx?$/.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

const isClientModule = (source: ts.SourceFile) => {
  const first = source.statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client";
};

/** Modules a file loads at run time: static imports and re-exports (not type-only ones), and import(). */
function importsOf(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const node of nodesOf(source)) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specifiers.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      specifiers.push(node.arguments[0].text);
  }
  return specifiers.flatMap((s) => resolveImport(source.fileName, s) ?? []);
}

/**
 * The top-level namespaces a client file reads: `useTranslations("ns.sub")`, and the
 * `namespace="ns"` prop of the shared settings components that call `useTranslations(namespace)`.
 */
function namespacesUsedIn(source: ts.SourceFile): string[] {
  const used: string[] = [];
  for (const node of nodesOf(source)) {
    if (ts.isCallExpression(node) && node.expression.getText() === "useTranslations" && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      used.push(node.arguments[0].text);
    if (ts.isCallExpression(node) && ["useTranslations", "useMessages"].includes(node.expression.getText()) && node.arguments.length === 0)
      throw new Error(`${source.fileName}: a client component reads every message; name its namespace instead`);
    if (ts.isJsxAttribute(node) && node.name.getText() === "namespace" && node.initializer && ts.isStringLiteral(node.initializer))
      used.push(node.initializer.text);
  }
  return used.map((ns) => ns.split(".")[0]);
}

/** Every namespace the client components reachable from `entry` read, sorted. */
export function clientNamespacesOf(entries: string[]): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const source = sourceOf(file);
    const client = inClient || isClientModule(source);
    const key = `${client}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (client) for (const ns of namespacesUsedIn(source)) found.add(ns);
    for (const imported of importsOf(source)) visit(imported, client);
  };
  for (const entry of entries) visit(path.resolve(ROOT, entry), false);
  return [...found].sort();
}

/** One `<ClientMessages namespaces={[…]}>` of a file: its list, and the modules of the components inside it. */
export type ClientMessagesElement = { namespaces: string[]; renders: string[] };

/**
 * The ClientMessages elements of a page or layout. What each renders is read from the components
 * named inside it, which must be imported: a component defined in the page itself would escape the walk.
 */
export function clientMessagesElementsIn(file: string): ClientMessagesElement[] {
  const source = sourceOf(path.resolve(ROOT, file));
  // Each imported name, with its module in this repository (undefined for a package's).
  const imported = new Map<string, string | undefined>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const resolved = resolveImport(source.fileName, statement.moduleSpecifier.text);
    const clause = statement.importClause;
    if (!clause) continue;
    if (clause.name) imported.set(clause.name.text, resolved);
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
      for (const binding of clause.namedBindings.elements) imported.set(binding.name.text, resolved);
  }
  const elements: ClientMessagesElement[] = [];
  for (const node of nodesOf(source)) {
    if (!ts.isJsxElement(node) || node.openingElement.tagName.getText() !== "ClientMessages") continue;
    const attribute = node.openingElement.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === "namespaces");
    const value =
      attribute && ts.isJsxAttribute(attribute) && attribute.initializer && ts.isJsxExpression(attribute.initializer)
        ? attribute.initializer.expression
        : undefined;
    if (!value || !ts.isArrayLiteralExpression(value) || !value.elements.every(ts.isStringLiteral))
      throw new Error(`${file}: ClientMessages needs a literal array of namespaces`);
    const renders = new Set<string>();
    for (const inner of nodesOf(node)) {
      if (!ts.isIdentifier(inner) || inner.parent === node.openingElement || inner.parent === node.closingElement) continue;
      const imports = imported.get(inner.text);
      if (imports) renders.add(imports);
      else if (!imported.has(inner.text) && (ts.isJsxOpeningElement(inner.parent) || ts.isJsxSelfClosingElement(inner.parent)) && /^[A-Z]/.test(inner.text))
        throw new Error(`${file}: <${inner.text}> inside ClientMessages is not imported; move it to a module of its own`);
    }
    elements.push({ namespaces: value.elements.map((e) => (e as ts.StringLiteral).text), renders: [...renders] });
  }
  return elements;
}
