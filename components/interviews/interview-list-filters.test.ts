import { describe, expect, it } from "vitest";
import { hasInterviewFilter, interviewFiltersOf, interviewFiltersQuery, interviewsApiQuery, NO_INTERVIEW_FILTERS } from "./interview-list-filters";

describe("the interviews list's filters in its address", () => {
  it("reads each filter once, dropping a status or date it does not know", () => {
    expect(interviewFiltersOf({ q: ["cleo", "x"], board: "b1", status: "maybe", from: "2026-02-30x", to: "2026-12-31", after: "c" })).toEqual({
      q: "cleo",
      board: "b1",
      status: "",
      from: "",
      to: "2026-12-31",
      after: "c",
    });
  });

  it("starts a start page with its defaults, until the address names a filter", () => {
    expect(interviewFiltersOf({}, { status: "draft" })).toEqual({ ...NO_INTERVIEW_FILTERS, status: "draft" });
    expect(interviewFiltersOf({ board: "none" }, { status: "draft" })).toEqual({ ...NO_INTERVIEW_FILTERS, board: "none" });
  });

  it("writes back what is set, and asks the API for the same", () => {
    const filters = { ...NO_INTERVIEW_FILTERS, q: " cleo ", status: "published" as const, from: "2026-01-01", after: "c" };
    expect(interviewFiltersQuery(filters)).toBe("?q=cleo&status=published&from=2026-01-01&after=c");
    expect(interviewsApiQuery(filters)).toEqual({ q: "cleo", published: "1", from: "2026-01-01", cursor: "c" });
    expect(interviewsApiQuery({ ...NO_INTERVIEW_FILTERS, status: "draft", board: "none" })).toEqual({ published: "0", board_id: "none" });
    expect(hasInterviewFilter({ ...NO_INTERVIEW_FILTERS, after: "c" })).toBe(false);
    expect(hasInterviewFilter(filters)).toBe(true);
  });
});
