"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { interviewKeys } from "@/components/interviews/interview-keys";
import { interviewPath } from "@/components/interviews/use-interviews";
import { onRealtimeEvent, onResync, startRealtime } from "@/components/messages/realtime-client";
import { SCORECARD_EVENTS, type ScorecardEvent } from "@/lib/scorecards/scorecard-events.shared";
import { scorecardKeys } from "./scorecard-keys";
import type { Scorecard } from "./scorecard-types";

export const scorecardsPath = (personId: string, interviewId: string) => `${interviewPath(personId, interviewId)}/scorecards`;

/** The interview's scorecards the reader may see (the server applies the blind rule). */
export function useScorecards(personId: string, interviewId: string, enabled: boolean) {
  return useQuery({
    queryKey: scorecardKeys.list(personId, interviewId),
    queryFn: ({ signal }) => apiFetch<Scorecard[]>(scorecardsPath(personId, interviewId), { signal }),
    enabled,
  });
}

/** After a submit or a reopening: the scorecards, and the interview (whose tally the reader may now see). */
function useRefresh(personId: string, interviewId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: interviewKeys.detail(personId, interviewId) });
}

export function useSubmitScorecard(personId: string, interviewId: string) {
  const refresh = useRefresh(personId, interviewId);
  return useMutation({
    mutationFn: () => apiFetch<Scorecard>(`${scorecardsPath(personId, interviewId)}/me/submit`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useReopenScorecard(personId: string, interviewId: string) {
  const refresh = useRefresh(personId, interviewId);
  return useMutation({
    mutationFn: (scorecardId: string) =>
      apiFetch<Scorecard>(`${scorecardsPath(personId, interviewId)}/${encodeURIComponent(scorecardId)}/reopen`, { method: "POST" }),
    onSuccess: refresh,
  });
}

const NAMES: string[] = Object.values(SCORECARD_EVENTS);

/**
 * While the page is open: when another member submits (or an admin reopens a scorecard), the
 * server tells this reader on their person channel, if they may see it (it says who, never what);
 * the scorecards and the interview are fetched again. Also after the connection comes back.
 */
export function useScorecardEvents(personId: string, interviewId: string, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void qc.invalidateQueries({ queryKey: interviewKeys.detail(personId, interviewId) });
    const offEvent = onRealtimeEvent((name, data) => {
      if (NAMES.includes(name) && (data as ScorecardEvent | null)?.interview_id === interviewId) refetch();
    });
    const offResync = onResync(refetch);
    startRealtime().catch(() => {});
    return () => {
      offEvent();
      offResync();
    };
  }, [qc, personId, interviewId, enabled]);
}
