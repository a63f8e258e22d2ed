"use client";

import { useEffect } from "react";
import type { Interview } from "@/components/interviews/interview-types";
import { openInterviewChannel } from "@/components/messages/realtime-client";
import type { RecordingChange } from "@/lib/audio/recording-events.shared";
import { withRecordingChange } from "./recording-cache";
import type { RecordingsSource } from "./recordings-source";

type StepEvent = NonNullable<Interview["audio"][string]["steps"]>[number] & { recording_id: string };

const settled = (state: string) => state === "done" || state === "failed" || state === "skipped";
const ORDER = ["finalize", "transcribe", "summarize", "translate"];

/**
 * Keeps the interview's recordings live while its page is open: each `recording-step` event
 * (private-interview-<id>) updates that recording's step in place, so "Transcribing: 12 of 60
 * minutes" moves on every device that has the page open; a step that ends (or a recording not
 * shown yet) fetches the interview again, which brings the transcript, summary or translations. A
 * recording renamed or deleted elsewhere (`recording-changed`) is renamed or dropped at once.
 * `source` must keep its identity across renders (each new one opens the channel again).
 */
export function useRecordingSteps(interviewId: string, source: RecordingsSource) {
  useEffect(() => {
    const onStep = (data: unknown) => {
      const event = data as StepEvent;
      if (!event?.recording_id || !event.step) return;
      const { recording_id: recordingId, ...step } = event;
      const shown = Boolean(source.current()?.audio?.[recordingId]);
      source.update((interview) => {
        const recording = interview.audio?.[recordingId];
        if (!recording) return interview;
        const steps = [...(recording.steps ?? []).filter((s) => s.step !== step.step), step];
        steps.sort((a, b) => ORDER.indexOf(a.step) - ORDER.indexOf(b.step));
        return { ...interview, audio: { ...interview.audio, [recordingId]: { ...recording, steps } } };
      });
      if (!shown || settled(step.state)) source.refresh();
    };
    const onChanged = (data: unknown) => {
      const change = data as RecordingChange;
      if (!change?.recording_id) return;
      source.update((interview) => withRecordingChange(interview, change));
    };
    return openInterviewChannel(interviewId, onStep, source.refresh, onChanged);
  }, [interviewId, source]);
}
