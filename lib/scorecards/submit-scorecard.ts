import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Tx } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { notifyScorecardReaders, scorecardReaders } from "./notify-scorecard-readers";
import { submittedAlready } from "./save-scorecard";
import { boardMember } from "./scorecard-access";
import { SCORECARD_EVENTS } from "./scorecard-events.shared";
import { SCORECARD_COLUMNS, serializeScorecard, type ScorecardRow } from "./serialize-scorecard";

/**
 * Locks the interview's row until the transaction ends: submits, reopenings and the board's
 * decision (update-interview.ts) of one interview run one after another, so each counts and
 * tells what committed before it (two members submitting at once each learn of the other).
 */
export async function lockInterview(tx: Tx, districtId: string, interviewId: string) {
  const [row] = await tx.$queryRaw<{ id: string }[]>`select id from interviews where id = ${interviewId} and district_id = ${districtId} for update`;
  if (!row) throw notFound("Interview");
}

const chooseFirst = () => invalid("recommendation", "Choose your recommendation (PUT …/scorecards/me) before submitting.");

/**
 * POST …/scorecards/me/submit: the caller's draft, with its recommendation, becomes final (409
 * once submitted). In the same transaction: the `scorecard.submitted` webhook event. Then the
 * readers of submitted scorecards hear that this member submitted, not what.
 */
export async function submitScorecard(ctx: Ctx, personId: string, interviewId: string) {
  const { interview, memberId } = await boardMember(ctx, personId, interviewId);
  const { card, readers } = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    await lockInterview(tx, ctx.districtId, interviewId);
    const [row] = await tx.$queryRawUnsafe<ScorecardRow[]>(
      `update interview_scorecards set submitted_at = now() at time zone 'utc', updated_at = now() at time zone 'utc'
        where district_id = $1 and interview_id = $2 and member_id = $3 and submitted_at is null and recommendation is not null
       returning ${SCORECARD_COLUMNS}`,
      ctx.districtId,
      interviewId,
      memberId,
    );
    if (!row) {
      const [draft] = await tx.$queryRaw<{ submitted: boolean }[]>`
        select submitted_at is not null as submitted from interview_scorecards
         where district_id = ${ctx.districtId} and interview_id = ${interviewId} and member_id = ${memberId}`;
      throw draft?.submitted ? submittedAlready() : chooseFirst();
    }
    const card = serializeScorecard(row, interview.fields);
    await emit("scorecard.submitted", () => ({ ...card, interview_id: interviewId, person_id: personId }));
    return { card, readers: await scorecardReaders(tx, ctx.districtId, interviewId, interview.boardId) };
  });
  await notifyScorecardReaders(readers, memberId, SCORECARD_EVENTS.submitted, { interview_id: interviewId, person_id: personId, member_id: memberId });
  return card;
}
