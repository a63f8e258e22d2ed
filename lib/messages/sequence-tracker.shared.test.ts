import { describe, expect, it } from "vitest";
import { createSequenceTracker } from "./sequence-tracker.shared";

describe("the sequence tracker", () => {
  it("applies the next event, drops known ones, and reports skipped numbers as a gap", () => {
    const t = createSequenceTracker();
    expect(t.fetched("c", 4)).toBe(false);
    expect(t.event("c", 5)).toBe("apply");
    expect(t.event("c", 5)).toBe("stale");
    expect(t.event("c", 3)).toBe("stale");
    expect(t.event("c", 8)).toBe("gap");
    expect(t.event("c", 9)).toBe("apply");
    expect(t.last("c")).toBe(9);
  });

  it("says 'unknown' for a conversation it knows nothing of, then follows it", () => {
    const t = createSequenceTracker();
    expect(t.event("new", 1)).toBe("unknown");
    expect(t.event("new", 2)).toBe("apply");
  });

  it("asks for another fetch when a fetched state is older than the events already applied", () => {
    const t = createSequenceTracker();
    t.fetched("c", 2);
    expect(t.event("c", 3)).toBe("apply");
    expect(t.fetched("c", 2)).toBe(true);
    expect(t.fetched("c", 3)).toBe(false);
    expect(t.fetched("c", 7)).toBe(false);
    expect(t.event("c", 8)).toBe("apply");
  });

  it("forgets everything on reset (after a reconnect)", () => {
    const t = createSequenceTracker();
    t.fetched("c", 2);
    t.reset();
    expect(t.last("c")).toBeUndefined();
    expect(t.event("c", 9)).toBe("unknown");
  });
});
