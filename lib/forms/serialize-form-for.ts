import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { serializeForm } from "./serialize-form";

/**
 * Candidates and mentors read forms without their private and scorecard fields: even the label
 * of a staff-only field ("Concerns about the candidate") is not theirs to see.
 */
export const serializeFormFor = (ctx: Ctx) => (row: FormRow) => {
  const form = serializeForm(row);
  return seesAllInterviews(ctx) ? form : { ...form, fields: form.fields.filter((f) => f.p !== 1 && f.scorecard !== 1) };
};

// Reads of every role on every interview page: plain SQL rather than Prisma's query engine.
export const FORM_COLUMNS = `id, name, fields, created_at as "createdAt", updated_at as "updatedAt"`;
export type FormRow = Parameters<typeof serializeForm>[0];
