/**
 * A request body as a JSON *tree* rather than a JS value (for tests/helpers/hostile-values.ts), so
 * that a mutation can put into it what a JS object cannot hold or JSON.stringify would not write:
 * a `__proto__` own key, a key twice, `1e400`, nesting thousands of levels deep. `toJsonText`
 * writes the tree as the exact text sent.
 */

export type Node =
  | { kind: "prim"; value: null | boolean | number | string }
  | { kind: "arr"; items: Node[] }
  | { kind: "obj"; entries: [string, Node][] }
  /** Text sent verbatim (numbers JSON.stringify cannot write, deep nesting). */
  | { kind: "raw"; text: string };

/** A place in a body: object keys and array indexes from the root. */
export type Path = (string | number)[];

export function fromJson(value: unknown): Node {
  if (Array.isArray(value)) return { kind: "arr", items: value.map(fromJson) };
  if (value !== null && typeof value === "object") return { kind: "obj", entries: Object.entries(value).map(([k, v]) => [k, fromJson(v)]) };
  return { kind: "prim", value: value as null | boolean | number | string };
}

/** The exact JSON text of a tree (keys written in order, duplicates and `__proto__` included). */
export function toJsonText(node: Node): string {
  switch (node.kind) {
    case "prim":
      return JSON.stringify(node.value);
    case "raw":
      return node.text;
    case "arr":
      return `[${node.items.map(toJsonText).join(",")}]`;
    case "obj":
      return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(",")}}`;
  }
}

/** The dotted form the API uses in `details[].path` ("fields.0.label.en"). */
export const dotted = (path: Path) => path.map(String).join(".");

/** Every node of the tree with its path, root first. */
export function locations(node: Node, path: Path = []): { path: Path; node: Node }[] {
  const here = [{ path, node }];
  if (node.kind === "arr") return here.concat(node.items.flatMap((item, i) => locations(item, [...path, i])));
  if (node.kind === "obj") return here.concat(node.entries.flatMap(([k, v]) => locations(v, [...path, k])));
  return here;
}

/** A copy of the tree with `edit` applied to the node at `path`. */
export function editAt(node: Node, path: Path, edit: (target: Node) => Node): Node {
  if (!path.length) return edit(node);
  const [head, ...rest] = path;
  if (node.kind === "arr") return { kind: "arr", items: node.items.map((item, i) => (i === head ? editAt(item, rest, edit) : item)) };
  if (node.kind === "obj") return { kind: "obj", entries: node.entries.map(([k, v]) => [k, k === head ? editAt(v, rest, edit) : v]) };
  throw new Error(`No node at ${dotted(path)}`);
}
