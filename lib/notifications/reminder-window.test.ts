import { describe, expect, it } from "vitest";
import { addDays, calendarDayIn, reminderDates, REMINDER_WINDOW_DAYS } from "./reminder-window";

describe("the reminder's window", () => {
  it("reads today in the district office's time zone", () => {
    const lateEvening = new Date("2026-11-27T23:30:00Z");
    expect(calendarDayIn(lateEvening, "UTC")).toBe("2026-11-27");
    expect(calendarDayIn(lateEvening, "Europe/Madrid")).toBe("2026-11-28");
    expect(calendarDayIn(lateEvening, "America/Chicago")).toBe("2026-11-27");
  });

  it("moves days across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("reminds from the day after the interview's date, for a week, never on the day itself", () => {
    const { from, before } = reminderDates("2026-11-27");
    const reminded = (date: string) => date >= from && date < before;
    expect(reminded("2026-11-27")).toBe(false);
    expect(reminded("2026-11-28")).toBe(false);
    expect(reminded("2026-11-26")).toBe(true);
    expect(reminded(addDays("2026-11-27", -REMINDER_WINDOW_DAYS))).toBe(true);
    expect(reminded(addDays("2026-11-27", -REMINDER_WINDOW_DAYS - 1))).toBe(false);
  });
});
