import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { assertPlainInput, MAX_DEPTH } from "./hostile-input";
import { safeRecord } from "./safe-record";
import { isStorableText, text } from "./text.shared";

describe("text()", () => {
  it("refuses NUL and unpaired surrogates, keeps every well-formed string (emoji, accents, CJK)", () => {
    for (const bad of ["a\u0000b", "\ud800", "x\udc00y", "\udbff\ud800"]) expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ["", "Zoë", "😀👍🏽", "日本語", "\t\n", "\ud83d\ude00"]) expect(text().safeParse(good).success, good).toBe(true);
    expect(isStorableText("ok")).toBe(true);
  });

  it("keeps the usual checks chainable and names the field in the issue path", () => {
    const schema = z.object({ name: text().trim().min(1).max(5) });
    expect(schema.safeParse({ name: "  ab " })).toEqual({ success: true, data: { name: "ab" } });
    const bad = schema.safeParse({ name: "a\u0000" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(["name"]);
  });
});

describe("safeRecord()", () => {
  const roles = safeRecord(text(), z.number());

  it("refuses prototype keys instead of dropping them", () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const parsed = roles.safeParse(JSON.parse(`{"${key}": 1, "a": 2}`));
      expect(parsed.success, key).toBe(false);
    }
  });

  it("returns a null-prototype copy with the same entries", () => {
    const parsed = roles.parse({ a: 1, b: 2 });
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.entries(parsed)).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect("toString" in parsed).toBe(false);
  });
});

describe("assertPlainInput()", () => {
  const refusal = (value: unknown) => {
    try {
      assertPlainInput(value);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).details![0].path;
    }
  };

  it("finds a NUL, a lone surrogate or a prototype key anywhere, and names where", () => {
    expect(refusal({ a: [{ b: "x\u0000" }] })).toBe("a.0.b");
    expect(refusal({ labels: { en: "\ud800" } })).toBe("labels.en");
    expect(refusal(JSON.parse('{"roles": {"__proto__": 1}}'))).toBe("roles.__proto__");
    expect(refusal({ ["k\u0000"]: 1 })).toBe("body");
    expect(refusal({ ok: ["fine", 1, null, true, { nested: "😀" }] })).toBeNull();
  });

  it("refuses nesting deeper than MAX_DEPTH without overflowing the stack, even at 200,000 levels", () => {
    const deep = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
    expect(refusal(deep(MAX_DEPTH))).toBeNull();
    expect(refusal(deep(MAX_DEPTH + 1))).not.toBeNull();
    expect(refusal(deep(200_000))).not.toBeNull();
  });
});
