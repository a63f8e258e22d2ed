import { z } from "zod";

/** The answer of POST /api/me/calendar-feed. */
export const calendarFeedSchema = z
  .object({
    url: z
      .url()
      .describe(
        "The private feed address (`{base_url}/api/calendar/<token>.ics`): whoever holds it reads the feed, so it is shown once and replaced on demand.",
      ),
  })
  .describe("A new calendar feed address; the one before it stops working.");

/** When the district's calendar invitations go out. */
const invitationsWhen = z.enum(["create", "publish"], { error: "Use create or publish." });

export const calendarSettingsSchema = z
  .object({
    invitations: invitationsWhen.describe(
      "`publish` (default): the candidate and the board's members are invited when a scheduled interview is published; `create`: as soon as an interview is created (or given a time).",
    ),
  })
  .describe("The district's calendar settings.");

export const updateCalendarSettingsSchema = z.object({ invitations: invitationsWhen });

export type UpdateCalendarSettingsInput = z.infer<typeof updateCalendarSettingsSchema>;
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;
