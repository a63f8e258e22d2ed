import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./calendar-date";

describe("isCalendarDate", () => {
  it.each(["2026-01-31", "2026-02-28", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31"])("accepts %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each([
    "2026-02-30",
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-5",
    "26-01-05",
    "2026-01-05T00:00",
    " 2026-01-05",
    "",
  ])("rejects %j", (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});
