"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries } from "@/components/api/api-queries";
import { peopleKeys } from "@/components/people/people-keys";
import { interviewKeys } from "./interview-keys";
import type { CreateInterviewInput, Interview, InterviewView, UpdateInterviewInput } from "./interview-types";

const path = (personId: string, id?: string) => `/api/interviews/${encodeURIComponent(personId)}${id ? `/${encodeURIComponent(id)}` : ""}`;

export const interviewPath = path;

/**
 * One interview as the reader gets it, or, with `view`, as a candidate or mentor gets it
 * (staff only; private fields removed by the server).
 */
export function useInterview(personId: string, id: string, view?: InterviewView) {
  return useQuery({
    queryKey: view ? interviewKeys.view(personId, id, view) : apiQueries.interview(personId, id).queryKey,
    queryFn: ({ signal }) => apiFetch<Interview>(path(personId, id), { query: { view }, signal }),
  });
}

/** After a change that the list, the person page or the previews show. */
function invalidateAround(qc: QueryClient, personId: string) {
  return Promise.all([qc.invalidateQueries({ queryKey: interviewKeys.list() }), qc.invalidateQueries({ queryKey: peopleKeys.detail(personId) })]);
}

export function useCreateInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, input }: { personId: string; input: CreateInterviewInput }) =>
      apiFetch<Interview>(path(personId), { method: "POST", body: input }),
    onSuccess: (interview) => {
      qc.setQueryData(interviewKeys.detail(interview.person_id, interview.id), interview);
      return invalidateAround(qc, interview.person_id);
    },
  });
}

/** PATCH that is not an autosave of answers: publish / unpublish, the board's decision. Merges the result's header into the cache. */
export function useUpdateInterview(personId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateInterviewInput) => apiFetch<Interview>(path(personId, id), { method: "PATCH", body: input }),
    onSuccess: (res) => {
      qc.setQueryData<Interview>(interviewKeys.detail(personId, id), (old) =>
        old
          ? {
              ...old,
              published: res.published,
              date: res.date,
              updated_at: res.updated_at,
              recommendation: res.recommendation,
              recommendation_tally: res.recommendation_tally,
              recommendation_by: res.recommendation_by,
              recommendation_at: res.recommendation_at,
              starts_at: res.starts_at,
              starts_at_local: res.starts_at_local,
              duration_minutes: res.duration_minutes,
              location: res.location,
              meeting_url: res.meeting_url,
            }
          : res,
      );
      return Promise.all([invalidateAround(qc, personId), qc.invalidateQueries({ queryKey: [...interviewKeys.detail(personId, id), "view"] })]);
    },
  });
}

export function useDeleteInterview(personId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(path(personId, id), { method: "DELETE" }),
    // The detail query is left to expire: removing it while the page still shows would refetch a 404.
    onSuccess: () => invalidateAround(qc, personId),
  });
}
