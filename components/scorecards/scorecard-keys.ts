import { interviewKeys } from "@/components/interviews/interview-keys";

/** TanStack Query keys of an interview's scorecards: under the interview's detail, so refreshing it refreshes them. */
export const scorecardKeys = {
  list: (personId: string, interviewId: string) => [...interviewKeys.detail(personId, interviewId), "scorecards"] as const,
};
