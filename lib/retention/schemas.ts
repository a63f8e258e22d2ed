import { z } from "zod";
import { timestampSchema } from "@/lib/http/schemas";

/** The longest period a district may set: a hundred years. Longer is "forever" (null). */
export const MAX_RETENTION_DAYS = 36500;

const days = (what: string) =>
  z
    .int("Give a whole number of days, or null for forever.")
    .min(1, "At least 1 day.")
    .max(MAX_RETENTION_DAYS, `At most ${MAX_RETENTION_DAYS} days; use null to keep ${what} forever.`)
    .nullable();

/** PATCH /api/settings/retention: the periods to change (the others stay). */
export const updateRetentionSchema = z
  .strictObject({
    recordings_days: days("recordings")
      .optional()
      .describe("Days a recording (audio, transcript, summary) is kept after its interview is published; null: forever."),
    archived_people_days: days("archived people")
      .optional()
      .describe("Days an archived person is kept after archiving, then deleted with everything of theirs; null: forever."),
    messages_days: days("messages").optional().describe("Days a message is kept after it was sent; null: forever."),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Give at least one of recordings_days, archived_people_days, messages_days." });

export type UpdateRetention = z.infer<typeof updateRetentionSchema>;

/** What each retention rule removes: counts per kind of record. */
const retentionCountsSchema = z.object({
  recordings: z.int().describe("Recordings (their audio, transcript, summary and translations)."),
  archived_people: z.int().describe("Archived people (with their files, interviews and recordings)."),
  messages: z.int().describe("Messages."),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

export const retentionSettingsSchema = z
  .object({
    recordings_days: z.int().nullable().describe("Days a recording is kept after its interview is published; null: forever."),
    archived_people_days: z.int().nullable().describe("Days an archived person is kept after archiving; null: forever."),
    messages_days: z.int().nullable().describe("Days a message is kept after it was sent; null: forever."),
    next_run_at: timestampSchema.describe("When the daily retention sweep runs next (UTC)."),
    next_run_deletes: retentionCountsSchema.describe(
      "What that run will delete under these settings, counted now: the records that will be past their time then.",
    ),
  })
  .describe("The district's retention settings.");
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
