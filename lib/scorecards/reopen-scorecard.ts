import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, forbidden, notFound } from "@/lib/errors/app-error";
import { notifyScorecardReaders, scorecardReaders } from "./notify-scorecard-readers";
import { scorecardReader } from "./scorecard-access";
import { SCORECARD_EVENTS } from "./scorecard-events.shared";
import { SCORECARD_COLUMNS, serializeScorecard, type ScorecardRow } from "./serialize-scorecard";
import { lockInterview } from "./submit-scorecard";

/**
 * POST …/scorecards/:scorecardId/reopen (admins): a submitted scorecard becomes a draft again,
 * which its member may change and submit anew; until then it counts in no tally and other members
 * stop seeing it. 409 when it is not submitted. Its member and the readers of submitted
 * scorecards hear of it (no content).
 */
export async function reopenScorecard(ctx: Ctx, personId: string, interviewId: string, scorecardId: string) {
  const { interview, reader } = await scorecardReader(ctx, personId, interviewId);
  if (!reader.admin) throw forbidden("Only an admin may reopen a scorecard.");
  const { row, readers } = await db().$transaction(async (tx) => {
    await lockInterview(tx, ctx.districtId, interviewId);
    const [current] = await tx.$queryRaw<{ submitted: boolean }[]>`
      select submitted_at is not null as submitted from interview_scorecards
       where id = ${scorecardId} and district_id = ${ctx.districtId} and interview_id = ${interviewId}`;
    if (!current) throw notFound("Scorecard");
    if (!current.submitted) throw conflict("This scorecard is not submitted: there is nothing to reopen.");
    const [row] = await tx.$queryRawUnsafe<ScorecardRow[]>(
      `update interview_scorecards set submitted_at = null, updated_at = now() at time zone 'utc'
        where id = $1 and district_id = $2 and interview_id = $3 returning ${SCORECARD_COLUMNS}`,
      scorecardId,
      ctx.districtId,
      interviewId,
    );
    return { row, readers: await scorecardReaders(tx, ctx.districtId, interviewId, interview.boardId) };
  });
  const event = { interview_id: interviewId, person_id: personId, member_id: row.memberId };
  await notifyScorecardReaders([...readers, row.memberId], actorPersonId(ctx), SCORECARD_EVENTS.reopened, event);
  return serializeScorecard(row, interview.fields);
}
