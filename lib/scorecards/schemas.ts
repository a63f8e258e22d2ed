import { z } from "zod";
import { flagSchema, timestampSchema } from "@/lib/http/schemas";
import { recommendationInputSchema, recommendationSchema, responseValueSchema } from "@/lib/interviews/schemas";
import { safeRecord } from "@/lib/validation/safe-record";
import { text } from "@/lib/validation/text.shared";

/** PUT …/scorecards/me: the caller's draft; only what is sent changes, `null` clears. */
export const saveScorecardSchema = z.object({
  /** Scorecard field id -> value, checked against the form's scorecard fields as interview responses are. */
  responses: safeRecord(text().max(64), z.unknown()).optional(),
  recommendation: recommendationInputSchema.nullable().optional(),
  note: text().max(20_000).nullable().optional(),
});

export type SaveScorecardInput = z.infer<typeof saveScorecardSchema>;

// ---- Responses ----

/** A scorecard (lib/scorecards/serialize-scorecard.ts). */
export const scorecardSchema = z
  .object({
    id: z.string(),
    member_id: z.string().describe("The board member whose scorecard it is."),
    responses: z.record(z.string(), responseValueSchema).describe("Scorecard field id -> answer (only the form's current scorecard fields)."),
    recommendation: recommendationSchema
      .nullable()
      .describe("The member's overall recommendation: 1 = strong no, 2 = no, 3 = yes, 4 = strong yes; null while not chosen."),
    note: z.string().nullable().describe("The member's note, or null."),
    submitted: flagSchema.describe("1 once submitted (then it changes only after an admin reopens it)."),
    submitted_at: timestampSchema.nullable().describe("When it was submitted, or null for a draft."),
    updated_at: timestampSchema,
  })
  .describe("A board member's scorecard of an interview.");

/** The data of a `scorecard.submitted` webhook event: the scorecard with its interview. */
export const scorecardEventSchema = scorecardSchema.extend({
  interview_id: z.string(),
  person_id: z.string().describe("The candidate."),
});

export type Scorecard = z.infer<typeof scorecardSchema>;
