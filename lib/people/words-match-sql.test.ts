import { describe, expect, it } from "vitest";
import { sqlParams } from "@/lib/db/pool";
import { fold, foldedWords, wordsMatchSql } from "./words-match-sql";

describe("matching a search box's words in SQL", () => {
  it("folds accents and case, and splits on any space", () => {
    expect(fold("Élodie NÚÑEZ-Çà")).toBe("elodie nunez-ca");
    expect(foldedWords("  Ana\tGARCÍA  ")).toEqual(["ana", "garcia"]);
    expect(foldedWords(undefined)).toEqual([]);
  });

  it("asks for every word as a parameter, and adds nothing without a word", () => {
    const { values, p } = sqlParams();
    expect(wordsMatchSql("x.name", [], p)).toBe("");
    expect(values).toEqual([]);
    const sql = wordsMatchSql("x.name", ["ana", "o'brien"], p);
    expect(sql.match(/strpos/g)).toHaveLength(2);
    expect(sql).not.toContain("o'brien");
    expect(values.slice(1)).toEqual(["ana", "o'brien"]);
  });
});
