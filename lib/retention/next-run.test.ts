import { describe, expect, it } from "vitest";
import { nextRetentionRun, RETENTION_CRON } from "./next-run";

describe("nextRetentionRun", () => {
  it("is today's run before it fires, and tomorrow's from then on", () => {
    expect(nextRetentionRun(new Date("2026-11-27T03:16:59.999Z")).toISOString()).toBe("2026-11-27T03:17:00.000Z");
    expect(nextRetentionRun(new Date("2026-11-27T03:17:00.000Z")).toISOString()).toBe("2026-11-28T03:17:00.000Z");
    expect(nextRetentionRun(new Date("2026-12-31T23:00:00.000Z")).toISOString()).toBe("2027-01-01T03:17:00.000Z");
  });

  it("matches the cron schedule", () => {
    expect(RETENTION_CRON).toBe("17 3 * * *");
  });
});
