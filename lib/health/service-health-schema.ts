import { z } from "zod";
import { partHealthSchema } from "./part-health";

/** The body of GET /api/health (200 and 503 alike). */
export const serviceHealthSchema = z.object({
  ok: z.boolean().describe("True when every part works (the answer is then 200; otherwise 503)."),
  parts: z.object({
    database: partHealthSchema.describe("`select 1` through the app's own connection pool (2 s)."),
    realtime: partHealthSchema.describe("The Pusher-protocol server's health path (2 s); hosted Pusher: a signed read, cached 30 s."),
    storage: partHealthSchema.describe("Local files: the folder is writable. Blob: the token is configured."),
    mail: partHealthSchema.describe("SMTP: the server greets and accepts the login (3 s, cached 15 s). No SMTP: the outbox folder is writable."),
  }),
});

export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
