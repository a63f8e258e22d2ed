import { AppError } from "@/lib/errors/app-error";
import { isPrototypeKey } from "./safe-record";
import { isStorableText, UNSTORABLE_TEXT } from "./text.shared";

/** Deeper than any request of this API; far below what would exhaust the stack later on. */
export const MAX_DEPTH = 32;

const refuse = (path: string, message: string) => new AppError("validation_error", "The request is not valid.", [{ path: path || "body", message }]);

/**
 * Refuses, before any schema runs, what no endpoint accepts anywhere in a body: NUL bytes and
 * unpaired surrogates in strings or keys, prototype keys, and nesting deeper than MAX_DEPTH.
 * The per-field schemas say the same with field paths; this makes the class impossible for
 * an endpoint whose schema forgot (a `z.unknown()` value, a record's keys), and walks with
 * its own stack so that no input can overflow the call stack.
 */
export function assertPlainInput(value: unknown, prefix = "") {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) throw refuse(path, UNSTORABLE_TEXT);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) throw refuse(path, `Nested deeper than ${MAX_DEPTH} levels.`);
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!Array.isArray(value)) {
        if (isPrototypeKey(key)) throw refuse(childPath, "This key is not allowed.");
        if (!isStorableText(key)) throw refuse(path, `A key ${UNSTORABLE_TEXT.charAt(0).toLowerCase()}${UNSTORABLE_TEXT.slice(1)}`);
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}
