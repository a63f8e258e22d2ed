import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import compile from "icu-minify/compile";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "./locales";

/**
 * The messages of every namespace file (messages/<locale>/<namespace>.json, whoever adds one)
 * exist in every locale with exactly the same keys, and each is a valid ICU message using the
 * same arguments and tags in every locale.
 */

const ROOT = path.join(process.cwd(), "messages");
type Tree = { [key: string]: Tree | string };

const namespacesOf = (locale: string) =>
  fs
    .readdirSync(path.join(ROOT, locale))
    .filter((f) => f.endsWith(".json"))
    .sort();
const read = (locale: string, file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, locale, file), "utf8")) as Tree;

/** key path → message, for every leaf. */
function leaves(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const [k, v] of leaves(value, at)) out.set(k, v);
    else out.set(at, value);
  }
  return out;
}

/**
 * Keys written twice in one object of a JSON text (JSON.parse silently keeps the last one,
 * so a message would vanish): a small scan of the text, strings and nesting only.
 */
function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  // One entry per open object ({ keys, a key comes next }) or array (null).
  const open: ({ keys: Set<string>; keyNext: boolean } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = open[open.length - 1];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (top?.keyNext) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) found.push(key);
        top.keys.add(key);
        top.keyNext = false;
      }
      i = end;
    } else if (c === "{") open.push({ keys: new Set(), keyNext: true });
    else if (c === "[") open.push(null);
    else if (c === "}" || c === "]") open.pop();
    else if (c === "," && top) top.keyNext = true;
  }
  return found;
}

/** The names a message takes from its caller: arguments and rich-text tags. */
function namesIn(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(el.value);
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      into.add(el.value);
      Object.values(el.options).forEach((option) => namesIn(option.value, into));
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      namesIn(el.children, into);
    }
  }
  return into;
}

describe("messages", () => {
  const [first, ...others] = UI_LOCALES;

  it("has the same namespace files in every locale", () => {
    for (const locale of others) expect(namespacesOf(locale), locale).toEqual(namespacesOf(first));
  });

  for (const file of namespacesOf(first)) {
    describe(file, () => {
      it("writes no key twice", () => {
        for (const locale of UI_LOCALES) expect(duplicateKeys(fs.readFileSync(path.join(ROOT, locale, file), "utf8")), `${locale}/${file}`).toEqual([]);
      });

      it("has the same keys in every locale", () => {
        const keys = [...leaves(read(first, file)).keys()].sort();
        for (const locale of others) expect([...leaves(read(locale, file)).keys()].sort(), `${locale}/${file}`).toEqual(keys);
      });

      it("holds only valid ICU messages, with the same arguments and tags in every locale", () => {
        const problems: string[] = [];
        const reference = new Map<string, string>();
        for (const locale of UI_LOCALES) {
          for (const [key, message] of leaves(read(locale, file))) {
            const where = `${locale}/${file} ${key}`;
            if (typeof message !== "string" || !message.trim()) {
              problems.push(`${where}: not a text`);
              continue;
            }
            try {
              new IntlMessageFormat(message, locale);
              compile(message);
              const names = [...namesIn(parse(message))].sort().join(",");
              if (!reference.has(key)) reference.set(key, names);
              else if (reference.get(key) !== names) problems.push(`${where}: uses {${names}}, ${first} uses {${reference.get(key)}}`);
            } catch (error) {
              problems.push(`${where}: ${(error as Error).message}`);
            }
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
