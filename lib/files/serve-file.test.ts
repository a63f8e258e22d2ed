import { describe, expect, it } from "vitest";
import { parseRange } from "./serve-file";

describe("parseRange", () => {
  it("reads one byte range within the size", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=500-5000", 1000)).toEqual({ start: 500, end: 999 });
  });
  it("whole file for no header, other units, several ranges or nonsense; unsatisfiable past the end", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,3-4", "bytes=5-1", "bytes=-", "bytes=a-b"])
      expect(parseRange(header, 1000), String(header)).toBeNull();
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});
