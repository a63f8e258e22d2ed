import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { seesEveryScorecard } from "./scorecard-rules.shared";

/**
 * `seesSubmittedScorecards` (scorecard-rules.shared.ts) as a SQL boolean on interview alias `alias`,
 * for reads of the interview that show the tally: true for admins and API keys; for a person, a
 * scorecard of theirs on it is submitted and they are on its board now.
 */
export function seesTallySql(ctx: Ctx, alias: string, p: (value: unknown) => string): string {
  if (seesEveryScorecard(ctx)) return "true";
  const me = p(actorPersonId(ctx));
  return `(exists (select 1 from interview_scorecards s
                   where s.district_id = ${alias}.district_id and s.interview_id = ${alias}.id and s.member_id = ${me} and s.submitted_at is not null)
           and exists (select 1 from board_members bm join boards b on b.id = bm.board_id
                        where b.district_id = ${alias}.district_id and b.id = ${alias}.board_id and bm.person_id = ${me}))`;
}
