/*
 * The realtime events of scorecards, shared by the server (which publishes them) and the
 * interview page (which refetches on them). They go to the person channel
 * (`private-person-<id>`) of each reader who may see every submitted scorecard of the interview
 * (admins, and board members who submitted theirs), never to the interview's channel, which a
 * published interview's candidate and mentors may hold. They say that a member submitted (or
 * that an admin reopened a scorecard), never what it says.
 */
export const SCORECARD_EVENTS = { submitted: "scorecard-submitted", reopened: "scorecard-reopened" } as const;

export type ScorecardEvent = { interview_id: string; person_id: string; member_id: string };
