import { useFormatter } from "next-intl";
import { useMemo } from "react";

export type DayStyle = "medium" | "long" | "full";

/**
 * Dates, times, sizes and numbers as the reader's locale writes them, with Intl through
 * next-intl's formatter (the locale and the district's time zone come with the request, so
 * the server's render and the browser's agree). No "use client": server components use it too.
 */
export function useDisplayFormat() {
  const format = useFormatter();
  return useMemo(
    () => ({
      /** A calendar day, "YYYY-MM-DD": the same day wherever it is read, so formatted in UTC. */
      day(date: string, style: DayStyle = "medium"): string {
        const d = new Date(`${date}T00:00:00Z`);
        return Number.isNaN(d.getTime()) ? date : format.dateTime(d, { dateStyle: style, timeZone: "UTC" });
      },
      /** A moment (ms since the epoch) in the district's time zone; "—" for none. */
      moment(ms: number | null | undefined, withTime = false): string {
        if (!ms) return "—";
        return format.dateTime(new Date(ms), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
      },
      bytes(bytes: number): string {
        const [value, unit] = bytes < 1024 ? [bytes, "byte"] : bytes < 1024 * 1024 ? [bytes / 1024, "kilobyte"] : [bytes / 1024 / 1024, "megabyte"];
        return format.number(value, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 });
      },
      number: (n: number): string => format.number(n),
      percent: (fraction: number): string => format.number(fraction, { style: "percent" }),
    }),
    [format],
  );
}
