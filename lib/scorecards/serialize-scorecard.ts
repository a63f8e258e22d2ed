import type { FormField } from "@/lib/forms/schemas";
import type { Scorecard } from "./schemas";
import { scorecardFields } from "./scorecard-responses";

export type ScorecardRow = {
  id: string;
  memberId: string;
  responses: unknown;
  recommendation: number | null;
  note: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
};

/** The columns of a ScorecardRow, for plain SQL on interview_scorecards. */
export const SCORECARD_COLUMNS = `id, member_id as "memberId", responses, recommendation, note, submitted_at as "submittedAt", updated_at as "updatedAt"`;

/** The scorecard as the API shows it: answers to the form's current scorecard fields only. */
export function serializeScorecard(row: ScorecardRow, fields: FormField[] | null): Scorecard {
  const ids = new Set(scorecardFields(fields).map((f) => f.id));
  const stored = typeof row.responses === "object" && row.responses !== null ? (row.responses as Record<string, unknown>) : {};
  return {
    id: row.id,
    member_id: row.memberId,
    responses: Object.fromEntries(Object.entries(stored).filter(([id]) => ids.has(id))) as Scorecard["responses"],
    recommendation: row.recommendation,
    note: row.note,
    submitted: row.submittedAt ? 1 : 0,
    submitted_at: row.submittedAt?.getTime() ?? null,
    updated_at: row.updatedAt.getTime(),
  };
}
