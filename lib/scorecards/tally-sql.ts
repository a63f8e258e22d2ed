import "server-only";

/**
 * The tally of the submitted scorecards of interview `interviewId` (a SQL expression), as
 * `{"1":n,"2":n,"3":n,"4":n}`, counted by the database when the statement runs: what has
 * committed, never a count carried over from an earlier read.
 */
export function submittedTallySql(districtId: string, interviewId: string): string {
  const count = (r: number) => `'${r}', count(*) filter (where s.recommendation = ${r})`;
  return `(select jsonb_build_object(${[1, 2, 3, 4].map(count).join(", ")})
             from interview_scorecards s
            where s.district_id = ${districtId} and s.interview_id = ${interviewId} and s.submitted_at is not null)`;
}
