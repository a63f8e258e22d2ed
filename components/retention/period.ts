/** A retention period as the page edits it: forever, or an amount of days, months (30 days) or years (365 days). */
export type Unit = "forever" | "days" | "months" | "years";
export type Period = { unit: Unit; amount: string };

const DAYS: Record<Exclude<Unit, "forever">, number> = { days: 1, months: 30, years: 365 };

/** The largest whole unit a number of days is made of; null is forever. */
export function periodOf(days: number | null): Period {
  if (days === null) return { unit: "forever", amount: "" };
  if (days % 365 === 0) return { unit: "years", amount: String(days / 365) };
  if (days % 30 === 0) return { unit: "months", amount: String(days / 30) };
  return { unit: "days", amount: String(days) };
}

/** Days of a period; null for forever; NaN when the amount is not a whole number of at least 1. */
export function daysOf(period: Period): number | null {
  if (period.unit === "forever") return null;
  const amount = period.amount.trim();
  if (!/^\d{1,6}$/.test(amount) || Number(amount) < 1) return Number.NaN;
  return Number(amount) * DAYS[period.unit];
}
