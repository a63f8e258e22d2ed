import "server-only";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The folders whose files make the interface (pages, their components, the sign-in pages). */
const UI_DIRS = ["app", "components", "pages"];

function walk(dir: string, extensions: string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "api" && dir === "app" ? [] : walk(full, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [full] : [];
  });
}

/** Every interface source file with the given extensions (app/api is the service, not the interface), parsed. */
export function uiSources(extensions = [".tsx"]): { file: string; source: ts.SourceFile }[] {
  return UI_DIRS.flatMap((dir) => walk(dir, extensions)).map((file) => ({
    file,
    source: ts.createSourceFile(
      file,
      fs.readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    ),
  }));
}

/** Every node of a tree, depth first. */
export function* nodesOf(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* nodesOf(child);
}

/** Where a node is, as "file:line". */
export const positionOf = (file: string, node: ts.Node) => `${file}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
