import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlRows } from "@/lib/db/pool";
import { forbidden } from "@/lib/errors/app-error";
import { scorecardReader } from "./scorecard-access";
import { visibleScorecards } from "./scorecard-rules.shared";
import { SCORECARD_COLUMNS, serializeScorecard, type ScorecardRow } from "./serialize-scorecard";

/**
 * GET …/scorecards: the interview's scorecards the caller may see (scorecard-rules.shared.ts), the
 * submitted ones first, in the order they were submitted. 403 for whoever sees the interview but
 * is neither an admin nor on its board (candidates, mentors, other boards' members).
 */
export async function listScorecards(ctx: Ctx, personId: string, interviewId: string) {
  const { interview, reader } = await scorecardReader(ctx, personId, interviewId);
  if (!reader.admin && !reader.memberId) throw forbidden("Only the members of the interview's board and admins see its scorecards.");
  const rows = await sqlRows<ScorecardRow>(
    `select ${SCORECARD_COLUMNS} from interview_scorecards where district_id = $1 and interview_id = $2
      order by submitted_at nulls last, created_at, id`,
    [ctx.districtId, interviewId],
  );
  return visibleScorecards(reader, rows).map((row) => serializeScorecard(row, interview.fields));
}
