import { describe, expect, it } from "vitest";
import { ID_PATTERN, ID_RULE, isId, newCuidShapedId, newId } from "./ids.shared";
import { idSchema, idText } from "./id-schemas";

describe("ids", () => {
  it("an id is 1-64 letters, digits, '_' or '-'", () => {
    for (const ok of ["a", "A-b_9", "x".repeat(64), "clx0abc123def456ghi789jkl"]) expect(isId(ok)).toBe(true);
    for (const bad of ["", "x".repeat(65), "a/b", "..", "a.b", "a b", "é", "a\u0000", 7, null, undefined]) expect(isId(bad)).toBe(false);
  });

  it("idSchema and idText check the same pattern, with their messages", () => {
    expect(idSchema.parse("abc")).toBe("abc");
    expect(idSchema.safeParse("a/b").error?.issues.map((i) => i.message)).toEqual(["Not a valid id."]);
    expect(
      idText(ID_RULE)
        .safeParse("a/b")
        .error?.issues.map((i) => i.message),
    ).toEqual([ID_RULE]);
    // A NUL is refused as unstorable text first, as in every request string.
    expect(
      idText()
        .safeParse("a\u0000")
        .error?.issues.map((i) => i.message),
    ).toContain("Not a valid id.");
    expect(idText().safeParse("a\u0000").error?.issues.length).toBe(2);
  });

  it("the ids the app makes are ids, and differ", () => {
    const uuids = new Set(Array.from({ length: 100 }, newId));
    expect(uuids.size).toBe(100);
    for (const id of uuids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // A recording's id is made here in the browser and checked by isId on the server.
      expect(isId(id)).toBe(true);
    }
    const cuids = new Set(Array.from({ length: 100 }, newCuidShapedId));
    expect(cuids.size).toBe(100);
    for (const id of cuids) {
      expect(id).toMatch(ID_PATTERN);
      expect(id).toMatch(/^c[0-9a-z]{24}$/);
    }
  });
});
