/** Days after an interview's date during which its board members are still reminded (a worker down for a day still reminds). */
export const REMINDER_WINDOW_DAYS = 7;

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`. */
export function calendarDayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return moved.toISOString().slice(0, 10);
}

/**
 * The interview dates whose board members are reminded on `today` (the district's calendar
 * day): from the day after the date on, for REMINDER_WINDOW_DAYS. `[from, before)`, as text
 * (dates sort as text).
 */
export function reminderDates(today: string): { from: string; before: string } {
  return { from: addDays(today, -REMINDER_WINDOW_DAYS), before: today };
}
