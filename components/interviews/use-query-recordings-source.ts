"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { RecordingsSource } from "@/components/audio/recordings-source";
import { interviewKeys } from "./interview-keys";
import type { Interview } from "./interview-types";

/**
 * The recordings card's interview in the tab's query cache (staff pages): every cached copy of it,
 * the reader's and the previews under it (interviewKeys.detail), changes together.
 */
export function useQueryRecordingsSource(personId: string, id: string): RecordingsSource {
  const qc = useQueryClient();
  return useMemo(() => {
    const queryKey = interviewKeys.detail(personId, id);
    return {
      current: () => qc.getQueriesData<Interview>({ queryKey }).find(([, interview]) => interview)?.[1],
      update: (change) => qc.setQueriesData<Interview>({ queryKey }, (interview) => interview && change(interview)),
      refresh: () => void qc.invalidateQueries({ queryKey }),
    };
  }, [qc, personId, id]);
}
