import { z } from "zod";

/** Keys that would reach an object's prototype machinery instead of being plain data. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export const isPrototypeKey = (key: string) => PROTOTYPE_KEYS.has(key);

/**
 * A record (object of key → value) from a request. `__proto__`, `constructor` and
 * `prototype` are refused (zod would silently drop `__proto__`, so a PATCH of
 * `roles: {"__proto__": 1}` used to replace a person's roles with `{}`), and the result has a
 * null prototype, so no lookup on it can reach Object.prototype.
 */
export function safeRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) {
  // Checked on the input's own keys: zod's record skips `__proto__` before a key schema runs.
  const refusePrototypeKeys = (input: unknown, ctx: z.RefinementCtx) => {
    if (typeof input !== "object" || input === null) return input;
    for (const k of Object.keys(input)) {
      if (isPrototypeKey(k)) ctx.addIssue({ code: "custom", path: [k], message: "This key is not allowed." });
    }
    return input;
  };
  return z
    .preprocess(refusePrototypeKeys, z.record(key, value))
    .transform((record) => Object.assign(Object.create(null) as Record<z.output<K>, z.output<V>>, record));
}
