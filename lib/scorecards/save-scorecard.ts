import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { conflict } from "@/lib/errors/app-error";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import type { SaveScorecardInput } from "./schemas";
import { boardMember } from "./scorecard-access";
import { validateScorecardResponses } from "./scorecard-responses";
import { SCORECARD_COLUMNS, serializeScorecard, type ScorecardRow } from "./serialize-scorecard";

/** The 409 of a change to a submitted scorecard. */
export const submittedAlready = () => conflict("Your scorecard is submitted: it cannot change unless an admin reopens it.");

/**
 * PUT …/scorecards/me: creates or changes the caller's draft in one statement: only what is sent
 * changes (answers merge as an interview's do, `null` clears). A submitted scorecard is left as
 * it is (the update's `where`), and the answer is 409. Drafts notify no one.
 */
export async function saveScorecard(ctx: Ctx, personId: string, interviewId: string, input: SaveScorecardInput) {
  const { interview, memberId } = await boardMember(ctx, personId, interviewId);
  const answers = input.responses ? validateScorecardResponses(interview.fields, input.responses) : { set: {}, clear: [] };
  const note = input.note === "" ? null : input.note;
  const { values, p } = sqlParams();
  const now = "now() at time zone 'utc'";
  const [row] = await sqlRows<ScorecardRow>(
    `insert into interview_scorecards (id, district_id, interview_id, member_id, responses, recommendation, note, created_at, updated_at)
     values (${p(newCuidShapedId())}, ${p(ctx.districtId)}, ${p(interviewId)}, ${p(memberId)}, ${p(JSON.stringify(answers.set))}::jsonb,
             ${p(input.recommendation ?? null)}::int, ${p(note ?? null)}::text, ${now}, ${now})
     on conflict (interview_id, member_id) do update
        set responses = (interview_scorecards.responses || excluded.responses) - ${p(answers.clear)}::text[],
            recommendation = case when ${p(input.recommendation !== undefined)}::boolean then excluded.recommendation else interview_scorecards.recommendation end,
            note = case when ${p(input.note !== undefined)}::boolean then excluded.note else interview_scorecards.note end,
            updated_at = ${now}
      where interview_scorecards.submitted_at is null and interview_scorecards.district_id = ${p(ctx.districtId)}
     returning ${SCORECARD_COLUMNS}`,
    values,
  );
  if (!row) throw submittedAlready();
  return serializeScorecard(row, interview.fields);
}
