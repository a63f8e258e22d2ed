import { describe, expect, it } from "vitest";
import { daysOf, periodOf } from "./period";

describe("retention periods", () => {
  it("shows days in the largest whole unit, and reads them back", () => {
    expect(periodOf(null)).toEqual({ unit: "forever", amount: "" });
    expect(periodOf(730)).toEqual({ unit: "years", amount: "2" });
    expect(periodOf(90)).toEqual({ unit: "months", amount: "3" });
    expect(periodOf(45)).toEqual({ unit: "days", amount: "45" });
    for (const days of [null, 1, 30, 45, 365, 3650]) expect(daysOf(periodOf(days))).toBe(days);
  });

  it("refuses amounts that are not whole numbers of at least 1", () => {
    for (const amount of ["", "0", "-1", "1.5", "x"]) expect(daysOf({ unit: "days", amount })).toBeNaN();
  });
});
