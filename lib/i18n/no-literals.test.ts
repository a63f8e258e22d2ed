import ts from "typescript";
import { describe, expect, it } from "vitest";
import { nodesOf, positionOf, uiSources } from "./ui-sources";

/**
 * Every word a reader sees goes through next-intl. This fails on text written straight into
 * the interface's JSX: text between tags, strings in attributes that are read or shown, and
 * strings handed to JSX through `{…}` (also inside `a ? b : c`, `a && b`, `a ?? b`).
 */

/** Attributes (and props of our own components) whose value a person reads or hears. */
const SHOWN_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "aria-placeholder",
  "alt",
  "title",
  "placeholder",
  "label",
  // Our components' text props (Dialog, ConfirmDialog, Field, EmptyState, ErrorState, Spinner, AuthCard…).
  "description",
  "message",
  "confirmLabel",
  "hint",
  "error",
  "nameHint",
  "mark",
  "appName",
]);

/** Text a person reads: it holds a letter (symbols such as "—", "·", "×", "←", "+" or "404" need no translation). */
const hasWords = (text: string) => /\p{L}/u.test(text);

/** The string pieces of an expression that end up on screen as they are. */
function shownStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return hasWords(expression.text) ? [expression] : [];
  if (ts.isTemplateExpression(expression)) {
    const parts = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
    return parts.some(hasWords) ? [expression] : [];
  }
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  if (
    ts.isBinaryExpression(expression) &&
    [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(expression.operatorToken.kind)
  ) {
    return [...shownStrings(expression.left), ...shownStrings(expression.right)];
  }
  return [];
}

function literalsIn(file: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${positionOf(file, node)} ${what}: ${node.getText().trim().slice(0, 80)}`);
  for (const node of nodesOf(source)) {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, "text");
    else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && hasWords(value.text)) report(node, "attribute");
      if (value && ts.isJsxExpression(value) && value.expression) shownStrings(value.expression).forEach((n) => report(n, "attribute"));
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      shownStrings(node.expression).forEach((n) => report(n, "child"));
    } else if (ts.isVariableDeclaration(node) && node.name.getText() === "metadata" && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
      for (const property of node.initializer.properties) {
        if (ts.isPropertyAssignment(property) && ["title", "description"].includes(property.name.getText()))
          shownStrings(property.initializer).forEach((n) => report(n, "metadata"));
      }
    }
  }
  return found;
}

describe("the interface's words go through next-intl", () => {
  const sources = uiSources();

  it("finds the interface's files", () => {
    expect(sources.length).toBeGreaterThan(40);
  });

  it("has no user-visible literal in any page or component", () => {
    expect(sources.flatMap(({ file, source }) => literalsIn(file, source))).toEqual([]);
  });

  it("would catch one", () => {
    const probe = ts.createSourceFile(
      "probe.tsx",
      `const a = <p title="Hello">Hi {open ? "Close" : "—"} <b aria-label={\`Edit \${name}\`}>×</b></p>; export const metadata = { title: "People" };`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    expect(literalsIn("probe.tsx", probe).map((line) => line.split(" ")[1])).toEqual(["attribute:", "text:", "child:", "attribute:", "metadata:"]);
  });
});
