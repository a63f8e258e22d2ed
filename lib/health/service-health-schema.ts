import { z } from "zod";
import { partHealthSchema } from "./part-health";

/** The backups' state in GET /api/health: informational, never a reason for 503. */
const backupHealthSchema = z.object({
  configured: z.boolean().describe("Whether scheduled backups are on (BACKUP_DIR is set)."),
  last_good_at: z.string().nullable().describe("When the last good backup (scheduled or by the ops command) finished, ISO 8601; null when none is known."),
  age_seconds: z.number().int().nullable().describe("Seconds since then."),
  failing: z.boolean().describe("True when the last scheduled backup failed (a dead `backup` job: `npm run admin -- jobs`)."),
});

export type BackupHealth = z.infer<typeof backupHealthSchema>;

/** The body of GET /api/health (200 and 503 alike). */
export const serviceHealthSchema = z.object({
  ok: z.boolean().describe("True when every part works (the answer is then 200; otherwise 503)."),
  parts: z.object({
    database: partHealthSchema.describe("`select 1` through the app's own connection pool (2 s)."),
    realtime: partHealthSchema.describe("The Pusher-protocol server's health path (2 s); hosted Pusher: a signed read, cached 30 s."),
    storage: partHealthSchema.describe("Local files: the folder is writable. Blob: the token is configured."),
    mail: partHealthSchema.describe("SMTP: the server greets and accepts the login (3 s, cached 15 s). No SMTP: the outbox folder is writable."),
  }),
  backup: backupHealthSchema.describe("The last good backup; not counted in `ok`."),
});

export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
