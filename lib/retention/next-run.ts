/** The retention sweep's daily schedule (UTC): the cron of lib/jobs/handlers.ts jobSchedules, and the moment it next fires. */
export const RETENTION_HOUR_UTC = 3;
export const RETENTION_MINUTE_UTC = 17;
export const RETENTION_CRON = `${RETENTION_MINUTE_UTC} ${RETENTION_HOUR_UTC} * * *`;

/** The first run strictly after `now`. */
export function nextRetentionRun(now: Date = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_HOUR_UTC, RETENTION_MINUTE_UTC);
  return new Date(today > now.getTime() ? today : today + 24 * 3600 * 1000);
}
