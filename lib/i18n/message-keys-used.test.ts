import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { nodesOf, positionOf, uiSources } from "./ui-sources";

/**
 * Every message the code asks for by a written key exists: `t("key")`, `t.rich("key")`,
 * `t(\`kinds.${kind}\`)` (its fixed part), where `t` comes from useTranslations("ns"),
 * getTranslations("ns") or createTranslator({ namespace: "ns" }) in the same function or an
 * enclosing one. Keys built at run time are left to the messages' own tests.
 */

type Tree = { [key: string]: Tree | string };
const DIR = path.join(process.cwd(), "messages", "en");
const messages: Tree = Object.fromEntries(
  fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(path.join(DIR, f), "utf8"))]),
);

/** The message (a string) or group (an object) at a dotted path. */
function at(pathname: string): Tree | string | undefined {
  return pathname.split(".").reduce<Tree | string | undefined>((node, key) => (node && typeof node === "object" ? node[key] : undefined), messages);
}

const TRANSLATOR_FACTORIES = new Set(["useTranslations", "getTranslations", "createTranslator"]);

/** The namespace a translator is made for ("" for the root), or undefined when the call is not one / not literal. */
function namespaceOf(call: ts.Expression): string | undefined {
  let node = call;
  if (ts.isAwaitExpression(node)) node = node.expression;
  if (!ts.isCallExpression(node) || !TRANSLATOR_FACTORIES.has(node.expression.getText())) return undefined;
  const [arg] = node.arguments;
  if (!arg) return "";
  if (ts.isStringLiteral(arg)) return arg.text;
  if (ts.isObjectLiteralExpression(arg)) {
    const ns = arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === "namespace");
    if (ns && ts.isPropertyAssignment(ns) && ts.isStringLiteral(ns.initializer)) return ns.initializer.text;
    return ns ? undefined : "";
  }
  return undefined;
}

function missingKeys(file: string, source: ts.SourceFile): string[] {
  const missing: string[] = [];
  const bindings = new Map<ts.Node, Map<string, string>>();
  const scopeOf = (node: ts.Node): ts.Node => (ts.isFunctionLike(node) || ts.isSourceFile(node) ? node : scopeOf(node.parent));
  const lookup = (name: string, node: ts.Node): string | undefined => {
    for (let scope: ts.Node | undefined = scopeOf(node); scope; scope = scope.parent && scopeOf(scope.parent)) {
      const ns = bindings.get(scope)?.get(name);
      if (ns !== undefined) return ns;
      if (ts.isSourceFile(scope)) break;
    }
    return undefined;
  };
  const check = (ns: string, key: ts.Expression, node: ts.Node) => {
    const prefix = ns ? `${ns}.` : "";
    if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) {
      if (typeof at(prefix + key.text) !== "string") missing.push(`${positionOf(file, node)} ${prefix}${key.text}`);
    } else if (ts.isTemplateExpression(key) && key.head.text.endsWith(".")) {
      const group = prefix + key.head.text.slice(0, -1);
      if (typeof at(group) !== "object") missing.push(`${positionOf(file, node)} ${group}.*`);
    }
  };

  for (const node of nodesOf(source)) {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
      const ns = namespaceOf(node.initializer);
      if (ns !== undefined) {
        const scope = scopeOf(node);
        if (!bindings.has(scope)) bindings.set(scope, new Map());
        bindings.get(scope)!.set(node.name.text, ns);
      }
    }
    if (ts.isCallExpression(node) && node.arguments.length) {
      const callee = node.expression;
      const translator = ts.isPropertyAccessExpression(callee) && ["rich", "markup"].includes(callee.name.text) ? callee.expression : callee;
      const ns = ts.isIdentifier(translator) ? lookup(translator.text, node) : namespaceOf(translator);
      if (ns !== undefined) check(ns, node.arguments[0], node);
    }
  }
  return missing;
}

describe("message keys used in the code", () => {
  it("exist in the messages", () => {
    const sources = uiSources([".tsx", ".ts"]);
    expect(sources.flatMap(({ file, source }) => missingKeys(file, source))).toEqual([]);
  });
});
