/**
 * Which archives BACKUP_KEEP keeps ("7d,4w,12m"), as restic's --keep-daily/weekly/monthly do:
 * going from the newest, the newest archive of each of the last N days (weeks, months) that have
 * one. The newest archive is always kept. Pure: the caller lists and deletes.
 */
export type KeepRule = { count: number; unit: "d" | "w" | "m" };

export function parseKeep(spec: string): KeepRule[] {
  return spec.split(",").map((part) => {
    const match = /^(\d+)([dwm])$/.exec(part.trim());
    if (!match) throw new Error(`BACKUP_KEEP: "${part}" is not like 7d, 4w or 12m`);
    return { count: Number(match[1]), unit: match[2] as KeepRule["unit"] };
  });
}

/** The UTC day, ISO week or month an instant falls in. */
function period(at: Date, unit: KeepRule["unit"]) {
  if (unit === "d") return at.toISOString().slice(0, 10);
  if (unit === "m") return at.toISOString().slice(0, 7);
  // ISO week: the Thursday of the week names its year.
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return `${day.getUTCFullYear()}-W${Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

export function archivesToKeep<T extends { at: Date }>(archives: T[], rules: KeepRule[]): Set<T> {
  const newestFirst = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<T>(newestFirst.slice(0, 1));
  for (const rule of rules) {
    let left = rule.count;
    let last: string | undefined;
    for (const archive of newestFirst) {
      if (left <= 0) break;
      const p = period(archive.at, rule.unit);
      if (p === last) continue;
      last = p;
      keep.add(archive);
      left--;
    }
  }
  return keep;
}

const NAME = /^cas-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar(\.age)?$/;

/** When an archive named by take-backup.ts was taken; undefined for any other name. */
export function archiveTime(name: string): Date | undefined {
  const match = NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined;
}
