import { describe, expect, it } from "vitest";
import { recordingKeys } from "./stored-keys";

describe("recordingKeys", () => {
  it("finds this district's audio keys by key or URL, and nothing else", () => {
    const audio = {
      r1: { name: { en: "One" }, url: "http://x/files/d1/audio/p/r1.webm" },
      r2: { key: "d1/audio/p/r2.webm" },
      r3: { url: "http://x/files/d2/audio/p/r3.webm" },
      r4: { url: "http://x/files/d1/audio/../people/p/secret" },
      r5: { url: "https://elsewhere.example/r5.webm" },
    };
    expect(recordingKeys("d1", audio)).toEqual(["d1/audio/p/r1.webm", "d1/audio/p/r2.webm"]);
    expect(recordingKeys("d1", null)).toEqual([]);
  });
});
