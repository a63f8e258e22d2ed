import { describe, expect, it } from "vitest";
import { sqlParams } from "@/lib/db/pool";
import { fold, foldedWords, wordsMatchSql } from "./words-match-sql";

describe("matching a search box's words in SQL", () => {
  it("folds accents and case, and splits on any space", () => {
    expect(fold("Élodie NÚÑEZ-Çà")).toBe("elodie nunez-ca");
    expect(foldedWords("  Ana\tGARCÍA  ")).toEqual(["ana", "garcia"]);
    expect(foldedWords(undefined)).toEqual([]);
  });

  it("folds every accented Latin letter in SQL as in JavaScript, upper case included", () => {
    const { values, p } = sqlParams();
    wordsMatchSql("x", ["a"], p);
    const [from, to] = values as string[];
    for (const letter of ["É", "é", "Ñ", "ç", "Å", "Ş", "Ž"]) expect(to[from.indexOf(letter)], letter).toBe(fold(letter));
    // Combining marks come last, with nothing to turn into: translate() drops them.
    expect(from.length - to.length).toBe(0x70);
  });

  it("asks for every word as a parameter, and adds nothing without a word", () => {
    const { values, p } = sqlParams();
    expect(wordsMatchSql("x.name", [], p)).toBe("");
    expect(values).toEqual([]);
    const sql = wordsMatchSql("x.name", ["ana", "o'brien"], p);
    expect(sql.match(/strpos/g)).toHaveLength(2);
    expect(sql).not.toContain("o'brien");
    expect(values.slice(2)).toEqual(["ana", "o'brien"]);
  });
});
