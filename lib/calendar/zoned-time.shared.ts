/**
 * Moments and the wall clock of a time zone: an interview's time is kept in milliseconds and
 * shown, and typed, in the district's zone (TIME_ZONE). Intl knows every zone's offsets, so no
 * zone database ships to the browser.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of the zone at a moment, to the minute. */
function wallParts(ms: number, timeZone: string) {
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
  return Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)])) as Record<
    "year" | "month" | "day" | "hour" | "minute" | "second",
    number
  >;
}

/** The zone's offset from UTC at a moment, in ms (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallParts(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** "YYYY-MM-DDTHH:mm": the zone's wall clock at a moment (a datetime-local input's value). */
export function wallTime(ms: number, timeZone: string): string {
  const p = wallParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The moment at a wall-clock time ("YYYY-MM-DDTHH:mm") of the zone, or null when it is not one. A time in a DST gap moves forward. */
export function momentOf(wall: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(utc) || mo > 12 || d > 31 || h > 23 || mi > 59) return null;
  // Twice: the offset at the first guess may differ from the one at the moment (a DST change).
  const guess = utc - offsetAt(utc, timeZone);
  return utc - offsetAt(guess, timeZone);
}

/** ISO 8601 in the zone, with its offset: 2026-12-01T10:00:00+01:00. */
export function zonedIso(ms: number, timeZone: string): string {
  const offset = Math.round(offsetAt(ms, timeZone) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return `${wallTime(ms, timeZone)}:${pad(wallParts(ms, timeZone).second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
