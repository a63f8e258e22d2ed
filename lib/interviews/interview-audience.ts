import "server-only";
import type { Tx } from "@/lib/db/client";

/**
 * Who may see interviews, for ending the realtime access of those who stop seeing one (their
 * `private-interview-<id>` subscriptions, lib/realtime/publish.ts endRealtimeAccess). The same
 * rule as visibility.ts, from the database's side: staff (an admin or board role, or one that
 * may edit interviews) see every interview of the district; a published one is also seen by its
 * candidate and the candidate's mentors.
 */
type RoleDefinition = { kind: string; permissions: string[] };

/** What a set of roles lets its holder see: every interview, or (as a mentor) their candidates' published ones. */
function interviewSight(roles: RoleDefinition[]) {
  const all = roles.some((r) => r.kind === "admin" || r.kind === "board" || r.permissions.includes("interviews:edit"));
  return { all, mentor: all || roles.some((r) => r.kind === "mentor") };
}

/** Whether a holder of `before` who now holds `after` stops seeing some interview. */
export function losesInterviewSight(before: RoleDefinition[], after: RoleDefinition[]): boolean {
  const was = interviewSight(before);
  const is = interviewSight(after);
  return (was.all && !is.all) || (was.mentor && !is.mentor);
}

/**
 * Everyone who may see the interviews of `personId` now: the district's staff, and when
 * `published`, the person and their mentors. Read inside the change's transaction, before it.
 */
export async function interviewAudience(tx: Tx, districtId: string, personId: string, published: boolean): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    select p.id from people p
     where p.district_id = ${districtId} and (
       exists (select 1 from roles r where r.district_id = ${districtId} and r.id in (select jsonb_object_keys(p.roles))
                and (r.kind in ('admin', 'board') or 'interviews:edit' = any(r.permissions)))
       or (${published} and (p.id = ${personId}
           or p.id in (select m.mentor_id from mentor_assignments m where m.district_id = ${districtId} and m.candidate_id = ${personId}))))`;
  return rows.map((r) => r.id);
}

/** The candidate and their mentors: who stops seeing the candidate's interview when it is unpublished. */
export async function candidateAndMentors(tx: Tx, districtId: string, personId: string): Promise<string[]> {
  const mentors = await tx.mentorAssignment.findMany({ where: { districtId, candidateId: personId }, select: { mentorId: true } });
  return [personId, ...mentors.map((m) => m.mentorId)];
}
