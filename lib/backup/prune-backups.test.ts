import { describe, expect, it } from "vitest";
import { archivesToKeep, archiveTime, parseKeep } from "./prune-backups";
import { archiveName } from "./take-backup";

const at = (iso: string) => ({ at: new Date(iso), name: iso });
const kept = (archives: { at: Date; name: string }[], spec: string) => [...archivesToKeep(archives, parseKeep(spec))].map((a) => a.name).sort();

describe("BACKUP_KEEP", () => {
  it("parses 7d,4w,12m and refuses anything else", () => {
    expect(parseKeep("7d,4w,12m")).toEqual([
      { count: 7, unit: "d" },
      { count: 4, unit: "w" },
      { count: 12, unit: "m" },
    ]);
    expect(() => parseKeep("7x")).toThrow(/not like 7d/);
  });

  it("keeps the newest archive of each of the last N days", () => {
    const archives = [
      at("2026-11-27T02:17:00Z"),
      at("2026-11-27T14:00:00Z"),
      at("2026-11-26T02:17:00Z"),
      at("2026-11-25T02:17:00Z"),
      at("2026-11-24T02:17:00Z"),
    ];
    expect(kept(archives, "2d")).toEqual(["2026-11-26T02:17:00Z", "2026-11-27T14:00:00Z"]);
  });

  it("counts days that have an archive, not calendar days", () => {
    const archives = [at("2026-11-27T02:00:00Z"), at("2026-11-20T02:00:00Z"), at("2026-11-10T02:00:00Z")];
    expect(kept(archives, "2d")).toEqual(["2026-11-20T02:00:00Z", "2026-11-27T02:00:00Z"]);
  });

  it("keeps the newest of each ISO week and month on top of the days", () => {
    // Daily archives for 70 days back from Friday 2026-11-27.
    const archives = Array.from({ length: 70 }, (_, i) => at(new Date(Date.UTC(2026, 10, 27 - i, 2, 17)).toISOString()));
    const names = kept(archives, "3d,2w,3m");
    expect(names).toEqual([
      "2026-09-30T02:17:00.000Z", // the newest of September
      "2026-10-31T02:17:00.000Z", // of October
      "2026-11-22T02:17:00.000Z", // Sunday: the newest of the week before (ISO weeks start on Monday)
      "2026-11-25T02:17:00.000Z",
      "2026-11-26T02:17:00.000Z",
      "2026-11-27T02:17:00.000Z", // the last 3 days; also this week's and this month's newest
    ]);
  });

  it("always keeps the newest archive", () => {
    expect(kept([at("2026-11-27T02:00:00Z")], "0d")).toEqual(["2026-11-27T02:00:00Z"]);
  });

  it("reads back the time of the names backups get, and no other name", () => {
    const when = new Date("2026-11-27T14:05:09.123Z");
    expect(archiveTime(archiveName(when, false))).toEqual(new Date("2026-11-27T14:05:09Z"));
    expect(archiveTime(archiveName(when, true))).toEqual(new Date("2026-11-27T14:05:09Z"));
    expect(archiveTime("notes.txt")).toBeUndefined();
    expect(archiveTime(".cas-backup-2026-11-27T14-05-09Z.tar.123.partial")).toBeUndefined();
  });
});
