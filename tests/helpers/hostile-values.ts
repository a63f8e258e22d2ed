import fc from "fast-check";
import { dotted, editAt, fromJson, locations, toJsonText, type Node, type Path } from "./json-tree";

/**
 * Hostile request input for property-based tests (tests/api/hostile-input.test.ts).
 *
 * A request body is handled as a JSON tree (./json-tree.ts), so that a mutation can put into it
 * what a JS object cannot hold or JSON.stringify would not write.
 */

// ---------------------------------------------------------------------------------------
// Hostile values

/**
 * What the API must answer for a body holding a hostile value (strings refuse NUL and lone surrogates, records
 * refuse prototype keys, each with a 400 validation_error; never a 5xx):
 * - `refuse`: exactly 400 validation_error whose details name a path under `path`;
 * - `tooLarge`: exactly 413 when the body is over the limit (else anything but a 5xx);
 * - `any`: anything but a 5xx (and a 4xx changes nothing).
 */
type Expect = "refuse" | "tooLarge" | "any";

type Hostile = { label: string; node: Node; expect: Expect };

const prim = (value: null | boolean | number | string): Node => ({ kind: "prim", value });
const raw = (text: string): Node => ({ kind: "raw", text });

/** Characters PostgreSQL cannot store and no person means: NUL, unpaired surrogates (and a reversed pair). */
const UNSTORABLE = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800"] as const;

/** A string holding one unstorable character somewhere in ordinary text. */
const unstorableText = fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 12 })).map(([a, bad, b]) => a + bad + b);

const describeString = (s: string) => (s.length > 60 ? `${JSON.stringify(s.slice(0, 20))}… (${s.length} chars)` : JSON.stringify(s));

/** NUL / lone surrogates in a string value: always refused, with the field's path. */
const badString: fc.Arbitrary<Hostile> = unstorableText.map((s) => ({ label: `string ${describeString(s)}`, node: prim(s), expect: "refuse" }));

/** Long strings, some past the 1 MiB body limit, some only in bytes (2-byte "é"). */
const longString: fc.Arbitrary<Hostile> = fc
  .tuple(fc.constantFrom(10_000, 100_000, 600_000, 1_048_577, 2_000_000), fc.constantFrom("x", "é", "😀"))
  .map(([length, unit]) => {
    const s = unit.repeat(Math.ceil(length / unit.length));
    return { label: `${s.length}-char string of ${JSON.stringify(unit)}`, node: prim(s), expect: "tooLarge" as const };
  });

/** Valid but unusual text: must never be a 5xx (emoji, zero-width, BOM, RTL, markup, SQL, escapes as text). */
const oddString: fc.Arbitrary<Hostile> = fc
  .oneof(
    fc.constantFrom(
      "",
      " ",
      "\ufeff",
      "\u200b",
      "\u202etxt.exe",
      "😀👍🏽",
      "\u{10FFFF}",
      "\uffff",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "%00",
      "\\u0000",
      "../../etc/passwd",
      "en",
      "__proto__",
      "null",
      "1e308",
    ),
    // Near-misses of the field formats: dates, language tags, e-mails, ids.
    fc.constantFrom(
      "0000-01-01",
      "9999-12-31",
      "2024-02-29",
      "2026-02-29",
      "+275760-09-13",
      "2026-1-1",
      "２０２６-０１-０１",
      "i-klingon",
      "x-private",
      "en-u-ca-gregory",
      "EN_us",
      "und",
      "root",
      "a@b",
      "a@b.c\u0085",
      "Ä@ö.de",
      '"a b"@example.test',
      "x".repeat(64),
      "x".repeat(65),
      "a/b",
      ".",
    ),
    fc.string({ unit: "binary", maxLength: 40 }),
  )
  // "binary" strings may hold NUL or a lone surrogate: then they must be refused like any other.
  .map((s) => ({
    label: `string ${describeString(s)}`,
    node: prim(s),
    expect: s.isWellFormed() && !s.includes("\u0000") ? ("any" as const) : ("refuse" as const),
  }));

/** Numbers JSON can carry (no NaN): huge, negative, fractional, past 2^53, and ones that parse to ±Infinity or 0. */
const hostileNumber: fc.Arbitrary<Hostile> = fc
  .oneof(
    fc
      .constantFrom(1e308, -1e308, -1, 0, 1.5, -0.5, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 5e-324, 8.64e15 + 1)
      .map((n) => ({ label: `number ${n}`, node: prim(n) })),
    fc
      .constantFrom("1e400", "-1e400", "1e-400", "123456789012345678901234567890", "-0", "9007199254740993", "1.0", "1E2")
      .map((t) => ({ label: `number ${t} (raw)`, node: raw(t) })),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => ({ label: `number ${n}`, node: prim(n) })),
  )
  .map((h) => ({ ...h, expect: "any" as const }));

/** A value of the wrong type. */
const wrongType: fc.Arbitrary<Hostile> = fc
  .constantFrom<[string, unknown]>(
    ["null", null],
    ["true", true],
    ["false", false],
    ["[]", []],
    ["{}", {}],
    ['[1,"a",null]', [1, "a", null]],
    ['{"en":"x"}', { en: "x" }],
    ['{"a":{"b":[]}}', { a: { b: [] } }],
    ["[[]]", [[]]],
    ["0", 0],
    ['"1"', "1"],
    ['["x"]', ["x"]],
  )
  .map(([label, value]) => ({ label: `wrong type ${label}`, node: fromJson(value), expect: "any" as const }));

/** Very wide (but under the size limit): 100 000-element arrays, objects with 20 000 keys. */
const wideValue: fc.Arbitrary<Hostile> = fc
  .constantFrom(
    { label: "array of 100000 numbers", text: `[${Array(100_000).fill(1).join(",")}]` },
    { label: "array of 50000 strings", text: JSON.stringify(Array(50_000).fill("en")) },
    { label: "object with 20000 keys", text: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]))) },
    { label: "object with 20000 language keys", text: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`x-${i}`, "t"]))) },
  )
  .map(({ label, text }) => ({ label, node: raw(text), expect: "any" as const }));

/** Arrays / objects / both, 40-5000 levels deep: refused (more than 32 levels). */
const deepNesting: fc.Arbitrary<Hostile> = fc
  .tuple(fc.integer({ min: 40, max: 5000 }), fc.constantFrom("array", "object", "mixed"), fc.constantFrom("1", '"x"', "null", "{}", "[]"))
  .map(([depth, shape, leaf]) => {
    const opens: string[] = [];
    const closes: string[] = [];
    for (let i = 0; i < depth; i++) {
      const array = shape === "array" || (shape === "mixed" && i % 2 === 0);
      opens.push(array ? "[" : '{"a":');
      closes.push(array ? "]" : "}");
    }
    return { label: `${depth} levels of ${shape} nesting`, node: raw(opens.join("") + leaf + closes.reverse().join("")), expect: "refuse" as const };
  });

/** An object whose own key is a prototype key (`{"__proto__": …}` as JSON text: JSON.parse makes it an own key). */
const prototypeKeyObject: fc.Arbitrary<Hostile> = fc
  .tuple(fc.constantFrom("__proto__", "constructor", "prototype"), fc.constantFrom<unknown>(1, 2, "x", null, {}, { isAdmin: true }, []))
  .map(([key, value]) => ({
    label: `{${JSON.stringify(key)}: ${JSON.stringify(value)}}`,
    node: { kind: "obj", entries: [[key, fromJson(value)]] },
    expect: "refuse" as const,
  }));

/** Any hostile value. */
const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 4, arbitrary: badString },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: oddString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 3, arbitrary: wrongType },
  { weight: 2, arbitrary: deepNesting },
  { weight: 1, arbitrary: wideValue },
  { weight: 2, arbitrary: prototypeKeyObject },
);

/** Keys no object may have: prototype keys, and keys with NUL or unpaired surrogates. */
type HostileKey = { key: string; kind: "prototype" | "unstorable" };
const hostileKey: fc.Arbitrary<HostileKey> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype").map((key) => ({ key, kind: "prototype" as const })),
  unstorableText.map((key) => ({ key, kind: "unstorable" as const })),
);

// ---------------------------------------------------------------------------------------
// Mutations of a valid body

export type Mutation =
  /** The value at `at` becomes `value` (`at` = [] replaces the whole body). */
  | { op: "replace"; at: Path; value: Hostile }
  /** A new entry `key: value` in the object at `at`, or `value` inserted in the array at `at`. */
  | { op: "insert"; at: Path; key: string; value: Hostile }
  /** The key of the entry at `at` becomes a hostile key (e.g. `roles: {"<role>": 1}` → `roles: {"__proto__": 1}`). */
  | { op: "renameKey"; at: Path; key: HostileKey }
  /** The entry at `at` is written twice; JSON.parse keeps the last one. */
  | { op: "duplicate"; at: Path; value: Hostile; hostileLast: boolean }
  /** A hostile key added to the object at `at`, with an ordinary value. */
  | { op: "insertKey"; at: Path; key: HostileKey };

/** The text to send, and what the API must answer (`path`: where a refusal must point). */
export type Outcome = { text: string; expect: Expect; path: string; label: string };

const joinDotted = (path: Path, key?: string | number) => dotted(key === undefined ? path : [...path, key]);

export function applyMutation(base: Node, m: Mutation): Outcome {
  switch (m.op) {
    case "replace":
      return {
        text: toJsonText(editAt(base, m.at, () => m.value.node)),
        expect: m.value.expect,
        path: joinDotted(m.at),
        label: `${dotted(m.at) || "(body)"} := ${m.value.label}`,
      };
    case "insert": {
      let key: string | number = m.key;
      const text = toJsonText(
        editAt(base, m.at, (target) => {
          if (target.kind === "arr") {
            key = target.items.length;
            return { kind: "arr", items: [...target.items, m.value.node] };
          }
          if (target.kind !== "obj") throw new Error("insert needs an object or an array");
          return { kind: "obj", entries: [...target.entries.filter(([k]) => k !== m.key), [m.key, m.value.node]] };
        }),
      );
      return { text, expect: m.value.expect, path: joinDotted(m.at, key), label: `insert ${joinDotted(m.at, key)} = ${m.value.label}` };
    }
    case "renameKey":
    case "insertKey": {
      const parent = m.at.slice(0, m.op === "renameKey" ? -1 : undefined);
      const old = m.op === "renameKey" ? m.at[m.at.length - 1] : undefined;
      const text = toJsonText(
        editAt(base, parent, (target) => {
          if (target.kind !== "obj") throw new Error("a key needs an object");
          const entries = target.entries.map(([k, v]): [string, Node] => [k === old ? m.key.key : k, v]);
          if (m.op === "insertKey") entries.push([m.key.key, prim(1)]);
          return { kind: "obj", entries };
        }),
      );
      // A prototype key is named by its own path; an unstorable key by its object's ("body" at the top).
      const path = m.key.kind === "prototype" ? joinDotted(parent, m.key.key) : joinDotted(parent);
      return {
        text,
        expect: "refuse",
        path,
        label: `${m.op === "renameKey" ? `rename ${dotted(m.at)} to` : `add to ${dotted(parent) || "(body)"} the key`} ${JSON.stringify(m.key.key)}`,
      };
    }
    case "duplicate": {
      const parent = m.at.slice(0, -1);
      const key = m.at[m.at.length - 1] as string;
      const text = toJsonText(
        editAt(base, parent, (target) => {
          if (target.kind !== "obj") throw new Error("duplicate needs an object entry");
          const entries = target.entries.flatMap(([k, v]): [string, Node][] =>
            k !== key
              ? [[k, v]]
              : m.hostileLast
                ? [
                    [k, v],
                    [k, m.value.node],
                  ]
                : [
                    [k, m.value.node],
                    [k, v],
                  ],
          );
          return { kind: "obj", entries };
        }),
      );
      // JSON.parse keeps the last: a hostile first copy is overwritten by the valid one.
      return {
        text,
        expect: m.hostileLast ? m.value.expect : "any",
        path: joinDotted(m.at),
        label: `duplicate key ${dotted(m.at)}: ${m.hostileLast ? "valid, then" : "first"} ${m.value.label}${m.hostileLast ? "" : ", then valid"}`,
      };
    }
  }
}

/** Mutations of `base` at every place it has: top level and nested, values, record keys, arrays. */
export function mutationOf(base: Node): fc.Arbitrary<Mutation> {
  const all = locations(base);
  const values = all.filter((l) => l.path.length > 0);
  const containers = all.filter((l) => l.node.kind === "obj" || l.node.kind === "arr");
  const objects = all.filter((l) => l.node.kind === "obj");
  const entries = values.filter((l) => typeof l.path[l.path.length - 1] === "string");
  const pick = <T>(list: T[]) => fc.constantFrom(...list);
  const paths = (list: { path: Path }[]) => pick(list.map((l) => l.path));
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({ op: fc.constant("replace" as const), at: paths(all), value: hostileValue }),
    fc.record({ op: fc.constant("insert" as const), at: paths(containers), key: fc.constantFrom("extra", "en", "x-field"), value: hostileValue }),
    fc.record({ op: fc.constant("insertKey" as const), at: paths(objects), key: hostileKey }),
  ];
  if (values.length) options.push(fc.record({ op: fc.constant("replace" as const), at: paths(values), value: hostileValue }));
  if (entries.length) {
    options.push(fc.record({ op: fc.constant("renameKey" as const), at: paths(entries), key: hostileKey }));
    options.push(
      fc.record({
        op: fc.constant("duplicate" as const),
        at: paths(entries),
        value: fc.oneof(badString, prototypeKeyObject, wrongType),
        hostileLast: fc.boolean(),
      }),
    );
  }
  return fc.oneof(...options);
}

/**
 * Mutations every run tries first (fast-check `examples`), whatever the seed: the reported
 * classes at the places this body has them — a prototype key replacing each record key (the
 * `roles: {"__proto__": 1}` case), NUL and a lone surrogate in the first string, a 2 MB
 * string (in place of the first string, else as an extra entry), 5000 levels of nesting, a hostile key at the top, a hostile duplicate.
 */
export function mustTry(base: Node): Mutation[] {
  const all = locations(base);
  const firstString = all.find((l) => l.node.kind === "prim" && typeof l.node.value === "string");
  const entries = all.filter((l) => l.path.length > 0 && typeof l.path[l.path.length - 1] === "string");
  const recordKeys = all
    .filter((l) => l.path.length > 0 && l.node.kind === "obj" && l.node.entries.length > 0)
    .map((l) => [...l.path, (l.node as { entries: [string, Node][] }).entries[0][0]]);
  const str = (value: string): Hostile => ({ label: `string ${describeString(value)}`, node: prim(value), expect: "refuse" });
  const out: Mutation[] = [
    { op: "insertKey", at: [], key: { key: "__proto__", kind: "prototype" } },
    { op: "insertKey", at: [], key: { key: "a\u0000", kind: "unstorable" } },
    { op: "insert", at: [], key: "extra", value: { label: "5000 levels of array nesting", node: raw("[".repeat(5000) + "]".repeat(5000)), expect: "refuse" } },
    ...recordKeys.map((at): Mutation => ({ op: "renameKey", at, key: { key: "__proto__", kind: "prototype" } })),
  ];
  if (firstString) {
    out.push({ op: "replace", at: firstString.path, value: str("a\u0000b") });
    out.push({ op: "replace", at: firstString.path, value: str("\ud800") });
    out.push({ op: "replace", at: firstString.path, value: { label: "2000000-char string", node: prim("x".repeat(2_000_000)), expect: "tooLarge" } });
  } else {
    // A body without a string (e.g. only numbers) still meets the size limit, whatever the seed.
    out.push({ op: "insert", at: [], key: "extra", value: { label: "2000000-char string", node: prim("x".repeat(2_000_000)), expect: "tooLarge" } });
  }
  if (entries.length) out.push({ op: "duplicate", at: entries[0].path, value: str("\udfff"), hostileLast: true });
  return out;
}

// ---------------------------------------------------------------------------------------
// Query strings

/** A query value, percent-encoded as sent. `nul`: it decodes to a string holding NUL. */
export type QueryValue = { encoded: string; nul: boolean };

export const hostileQueryValue: fc.Arbitrary<QueryValue> = fc.oneof(
  fc.constantFrom("%00", "a%00b", "%00%00", "files%00", "2026-01-01%00").map((encoded) => ({ encoded, nul: true })),
  fc
    .constantFrom(
      "%ED%A0%80", // a UTF-8-encoded lone high surrogate (decodes to U+FFFD)
      "%ED%B0%80", // lone low surrogate
      "%C0%80", // overlong NUL
      "%FF%FE",
      "%",
      "%zz",
      "1e308",
      "-1",
      "9007199254740993",
      "1.5",
      "NaN",
      "Infinity",
      "true",
      "",
      "__proto__",
      "%5B%5D",
      "a".repeat(10_000),
      "files,interviews,tags,photo_url,files",
      "99999-99-99",
      "2026-02-30",
    )
    .map((encoded) => ({ encoded, nul: false })),
  fc
    .string({ maxLength: 20 })
    .map((s) => ({ encoded: encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "")), nul: s.replace(/[\ud800-\udfff]/g, "").includes("\u0000") })),
);

export const hostileQueryKey = fc.constantFrom("__proto__", "constructor", "prototype", "%00", "a%00", "%ED%A0%80", "unknown", "x".repeat(300));
