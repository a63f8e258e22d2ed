import { describe, expect, it } from "vitest";
import { isSingleEmoji } from "./emoji";

describe("isSingleEmoji", () => {
  it("accepts one emoji, whatever its code points: skin tones, flags, keycaps, ZWJ sequences, text-style hearts", () => {
    for (const emoji of ["👍", "👍🏽", "👨‍👩‍👧", "🇪🇸", "1️⃣", "❤️", "❤", "🏳️‍🌈", "😂"]) expect(isSingleEmoji(emoji), emoji).toBe(true);
  });

  it("refuses anything else: letters, digits, two emoji, spaces around, empty", () => {
    for (const text of ["", "a", "1", "#", "👍👍", " 👍", "👍 ", "ok 👍", ":+1:", "👍\u0000"]) expect(isSingleEmoji(text), JSON.stringify(text)).toBe(false);
  });
});
