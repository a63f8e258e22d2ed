import { describe, expect, it } from "vitest";
import { hasPeopleFilter, peopleExportHref, peopleFiltersOf, peopleFiltersQuery } from "./people-list-filters";

describe("the people list's filters in its address", () => {
  it("reads each filter once, ignoring repeats and whatever else the address holds", () => {
    expect(peopleFiltersOf({ q: ["ana", "bob"], role: "r1", tag: undefined, archived: "1", after: "abc", other: "x" })).toEqual({
      q: "ana",
      role: "r1",
      tag: "",
      archived: true,
      after: "abc",
    });
    expect(peopleFiltersOf({ archived: "true" }).archived).toBe(false);
    expect(peopleFiltersOf({ q: "a".repeat(500) }).q).toHaveLength(200);
  });

  it("writes back only what is set, the search trimmed, and reads back the same", () => {
    const filters = { q: "  ana garcía ", role: "r1", tag: "", archived: true, after: "" };
    const query = peopleFiltersQuery(filters);
    expect(query).toBe("?archived=1&role=r1&q=ana+garc%C3%ADa");
    expect(peopleFiltersOf(Object.fromEntries(new URLSearchParams(query)))).toEqual({ ...filters, q: "ana garcía" });
    expect(peopleFiltersQuery({ q: " ", role: "", tag: "", archived: false, after: "" })).toBe("");
  });

  it("exports every page of what is shown, and counts the archived switch as no filter", () => {
    const filters = { q: "ana", role: "", tag: "t1", archived: false, after: "cursor" };
    expect(peopleExportHref(filters)).toBe("/api/people.csv?tag=t1&q=ana");
    expect(hasPeopleFilter(filters)).toBe(true);
    expect(hasPeopleFilter({ ...filters, q: " ", tag: "", archived: true })).toBe(false);
  });
});
