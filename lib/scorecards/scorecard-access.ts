import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { sqlRows } from "@/lib/db/pool";
import { forbidden } from "@/lib/errors/app-error";
import { findVisibleInterview } from "@/lib/interviews/find-interview";
import { seesEveryScorecard, type Reader } from "./scorecard-rules.shared";

/** Whether `personId` is on board `boardId` of the district now. */
async function onBoard(districtId: string, boardId: string, personId: string): Promise<boolean> {
  const rows = await sqlRows(
    `select 1 from board_members bm join boards b on b.id = bm.board_id where b.district_id = $1 and b.id = $2 and bm.person_id = $3`,
    [districtId, boardId, personId],
  );
  return rows.length > 0;
}

/**
 * The interview (404 unless the caller may see it) and who the caller is to its scorecards:
 * an admin (or API key), a member of its board now (by person id), or neither.
 */
export async function scorecardReader(ctx: Ctx, personId: string, interviewId: string) {
  const interview = await findVisibleInterview(ctx, personId, interviewId);
  const me = actorPersonId(ctx);
  const member = Boolean(me && interview.boardId && (await onBoard(ctx.districtId, interview.boardId, me)));
  const reader: Reader = { admin: seesEveryScorecard(ctx), memberId: member ? me : null };
  return { interview, reader };
}

/** As scorecardReader, for the caller's own scorecard: 403 unless they are on the interview's board. */
export async function boardMember(ctx: Ctx, personId: string, interviewId: string) {
  const { interview, reader } = await scorecardReader(ctx, personId, interviewId);
  if (!reader.memberId) {
    throw forbidden(
      interview.boardId ? "Only the members of the interview's board fill scorecards." : "The interview has no board, so no one fills a scorecard.",
    );
  }
  return { interview, memberId: reader.memberId };
}
