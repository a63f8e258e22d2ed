import "server-only";
import type { Tx } from "@/lib/db/client";
import { personChannel } from "@/lib/messages/realtime-events.shared";
import { publish } from "@/lib/realtime/publish";
import type { ScorecardEvent } from "./scorecard-events.shared";

/**
 * Who may read every submitted scorecard of the interview now, read in the transaction of the
 * change (after it): the district's active admins, and the members of its board whose own
 * scorecard is submitted. Members who have not submitted are not told: until then, not even
 * whether another scorecard exists is theirs to know.
 */
export async function scorecardReaders(tx: Tx, districtId: string, interviewId: string, boardId: string | null): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    select p.id from people p
     where p.district_id = ${districtId} and not p.archived and (
       exists (select 1 from roles r where r.district_id = ${districtId} and r.id in (select jsonb_object_keys(p.roles)) and r.kind = 'admin')
       or (exists (select 1 from interview_scorecards s
                    where s.district_id = ${districtId} and s.interview_id = ${interviewId} and s.member_id = p.id and s.submitted_at is not null)
           and exists (select 1 from board_members bm join boards b on b.id = bm.board_id
                        where b.district_id = ${districtId} and b.id = ${boardId} and bm.person_id = p.id)))`;
  return rows.map((r) => r.id);
}

/** Tells each of `readers` (but the one who acted) that `event` happened, without what the scorecard says. */
export async function notifyScorecardReaders(readers: string[], actor: string | null, name: string, event: ScorecardEvent) {
  const to = readers.filter((id) => id !== actor);
  if (to.length) await publish(to.map(personChannel), name, event);
}
