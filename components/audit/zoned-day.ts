/**
 * Calendar days of a time zone as moments: the audit page's date filters name days of the
 * district's zone (TIME_ZONE), the API takes milliseconds. Intl knows every zone's offsets, so
 * no zone database ships to the browser.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at a moment, in ms (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** A day as "YYYY-MM-DD" (a date input's value), or null when it is not one. */
export function parseDay(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? { y, m, d } : null;
}

/** The first millisecond of the day in the zone (its midnight, or the first moment after a gap). */
export function startOfDay(day: string, timeZone: string): number {
  const parsed = parseDay(day);
  if (!parsed) throw new RangeError(`Not a day: ${day}`);
  const wall = Date.UTC(parsed.y, parsed.m - 1, parsed.d);
  // Twice: the offset at the first guess may differ from the one at the day's start (a DST change).
  const guess = wall - offsetAt(wall, timeZone);
  const start = wall - offsetAt(guess, timeZone);
  // A zone that skips its midnight (clocks forward at 00:00): the day starts when the gap ends.
  return start + offsetAt(start, timeZone) === wall ? start : guess;
}

/** The last millisecond of the day in the zone. */
export function endOfDay(day: string, timeZone: string): number {
  const { y, m, d } = parseDay(day) ?? { y: NaN, m: NaN, d: NaN };
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDay(next, timeZone) - 1;
}
