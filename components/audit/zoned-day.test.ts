import { describe, expect, it } from "vitest";
import { endOfDay, parseDay, startOfDay } from "./zoned-day";

describe("a day of a time zone as moments", () => {
  it("is the zone's midnight to the last millisecond before the next", () => {
    expect(startOfDay("2026-11-27", "UTC")).toBe(Date.parse("2026-11-27T00:00:00Z"));
    expect(endOfDay("2026-11-27", "UTC")).toBe(Date.parse("2026-11-27T23:59:59.999Z"));
    expect(startOfDay("2026-11-27", "America/New_York")).toBe(Date.parse("2026-11-27T05:00:00Z"));
    expect(startOfDay("2026-07-01", "America/New_York")).toBe(Date.parse("2026-07-01T04:00:00Z"));
    expect(startOfDay("2026-11-27", "Asia/Kolkata")).toBe(Date.parse("2026-11-26T18:30:00Z"));
    expect(endOfDay("2026-12-31", "Europe/Madrid")).toBe(Date.parse("2026-12-31T22:59:59.999Z"));
  });

  it("days that change the clock are 23 or 25 hours long", () => {
    const hours = (day: string, zone: string) => (endOfDay(day, zone) + 1 - startOfDay(day, zone)) / 3_600_000;
    expect(hours("2026-03-08", "America/New_York")).toBe(23);
    expect(hours("2026-11-01", "America/New_York")).toBe(25);
    expect(hours("2026-03-29", "Europe/Madrid")).toBe(23);
    expect(hours("2026-10-25", "Europe/Madrid")).toBe(25);
  });

  it("a day with no midnight starts at its first moment", () => {
    // Santiago moves its clocks at midnight: 2026-09-06 starts at 01:00 local time (04:00 UTC).
    expect(startOfDay("2026-09-06", "America/Santiago")).toBe(Date.parse("2026-09-06T04:00:00Z"));
  });

  it("reads only real days", () => {
    expect(parseDay("2026-02-28")).toEqual({ y: 2026, m: 2, d: 28 });
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "", "2026-1-1", "yesterday"]) expect(parseDay(bad), bad).toBeNull();
    expect(() => startOfDay("nope", "UTC")).toThrow(RangeError);
  });
});
