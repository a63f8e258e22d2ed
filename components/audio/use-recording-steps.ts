"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { interviewKeys } from "@/components/interviews/interview-keys";
import type { Interview } from "@/components/interviews/interview-types";
import { openInterviewChannel } from "@/components/messages/realtime-client";
import type { RecordingChange } from "@/lib/audio/recording-events.shared";
import { withRecordingChange } from "./recording-cache";

type StepEvent = NonNullable<Interview["audio"][string]["steps"]>[number] & { recording_id: string };

const settled = (state: string) => state === "done" || state === "failed" || state === "skipped";

/**
 * Keeps the interview's recordings live while its page is open: each `recording-step` event
 * (private-interview-<id>) updates that recording's step in place, so "Transcribing: 12 of 60
 * minutes" moves on every device that has the page open; a step that ends (or a recording not
 * shown yet) refetches the interview, which brings the transcript, summary or translations. A
 * recording renamed or deleted elsewhere (`recording-changed`) is renamed or dropped at once.
 */
export function useRecordingSteps(personId: string, interviewId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    const key: QueryKey = interviewKeys.detail(personId, interviewId);
    const refetch = () => void qc.invalidateQueries({ queryKey: key });
    const onStep = (data: unknown) => {
      const event = data as StepEvent;
      if (!event?.recording_id || !event.step) return;
      const { recording_id: recordingId, ...step } = event;
      let shown = false;
      qc.setQueriesData<Interview>({ queryKey: key }, (interview) => {
        const recording = interview?.audio?.[recordingId];
        if (!interview || !recording) return interview;
        shown = true;
        const steps = [...(recording.steps ?? []).filter((s) => s.step !== step.step), step];
        const order = ["finalize", "transcribe", "summarize", "translate"];
        steps.sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step));
        return { ...interview, audio: { ...interview.audio, [recordingId]: { ...recording, steps } } };
      });
      if (!shown || settled(step.state)) refetch();
    };
    const onChanged = (data: unknown) => {
      const change = data as RecordingChange;
      if (!change?.recording_id) return;
      qc.setQueriesData<Interview>({ queryKey: key }, (interview) => interview && withRecordingChange(interview, change));
    };
    return openInterviewChannel(interviewId, onStep, refetch, onChanged);
  }, [qc, personId, interviewId]);
}
