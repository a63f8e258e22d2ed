import { z } from "zod";
import { idSchema } from "@/lib/people/schemas";
import { isCalendarDate } from "./calendar-date";

export const dateSchema = z.string().refine(isCalendarDate, "Use a real calendar date in the format YYYY-MM-DD.");

export const createInterviewSchema = z.object({
  date: dateSchema,
  board_id: idSchema.optional(),
  form_id: idSchema.optional(),
  profile_id: idSchema.optional(),
});

export const updateInterviewSchema = z.object({
  /** field id -> value; only the fields sent change, `null` clears one. Checked against the form. */
  responses: z.record(z.string(), z.unknown()).optional(),
  /** 1 publishes; 0 takes the interview back from the candidate and the mentor. */
  published: z.union([z.literal(0), z.literal(1)], { error: "Use 0 or 1." }).optional(),
  date: dateSchema.optional(),
});

const flagParam = z.enum(["0", "1"], { error: "Use 0 or 1." }).transform((v) => v === "1");

/**
 * Filters of GET /api/interviews, all optional and combined with AND:
 * `person_id`, `board_id`, `published` (0|1), `from` / `to` (YYYY-MM-DD, inclusive).
 */
export const listInterviewsQuery = z.object({
  person_id: idSchema.optional(),
  board_id: idSchema.optional(),
  published: flagParam.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

/**
 * `view=candidate` or `view=mentor` on GET …/:personId/:id: staff preview the interview as
 * that reader gets it (private fields removed by the same code). Readers who are not staff
 * always get their own view, whatever they ask for.
 */
export const getInterviewQuery = z.object({ view: z.enum(["candidate", "mentor"], { error: "Use candidate or mentor." }).optional() });

export type CreateInterviewInput = z.infer<typeof createInterviewSchema>;
export type UpdateInterviewInput = z.infer<typeof updateInterviewSchema>;
export type ListInterviewsQuery = z.infer<typeof listInterviewsQuery>;
export type GetInterviewQuery = z.infer<typeof getInterviewQuery>;
