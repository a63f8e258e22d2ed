"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Recording } from "@/components/interviews/interview-types";
import { summarizeRecording, transcribeRecording, type RecordingTarget } from "./audio-api";
import { useAudioErrorMessage } from "./use-audio-error-message";

type Step = NonNullable<Recording["steps"]>[number];

const minutes = (ms: number, round: (n: number) => number) => Math.max(0, round(ms / 60_000));

/**
 * What the server is doing with a recording after it was saved, one line per step that is not
 * simply done: waiting, under way with its progress ("Transcribing: 12 of 60 minutes"), retrying
 * after an error, failed (with Retry for those who may record), or skipped with the reason.
 */
export function PipelineStatus({
  recording,
  target,
  canRecord,
  onChanged,
}: {
  recording: Recording;
  target: RecordingTarget;
  canRecord: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations("audio.pipeline");
  const errorMessage = useAudioErrorMessage();
  const transcript = Object.values(recording.transcript ?? {})[0] ?? "";
  const ready = useHydrated();
  const [retry, setRetry] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const retryStep = async (step: Step["step"]) => {
    setRetry({ pending: true, error: null });
    try {
      if (step === "summarize") await summarizeRecording(target, transcript, "", true, true);
      else await transcribeRecording(target, recording.url!, "", true, true);
      setRetry({ pending: false, error: null });
      onChanged();
    } catch (error) {
      setRetry({ pending: false, error });
    }
  };
  const steps = (recording.steps ?? []).filter((s) => s.state !== "done" && !(s.state === "skipped" && s.step !== "transcribe"));
  if (!steps.length && retry.error === null) return null;

  const line = (s: Step) => {
    const { done, total, unit } = s.progress;
    if (s.state === "running") {
      if (s.step === "transcribe" && unit === "ms" && total > 0)
        return t("transcribingProgress", { done: minutes(done, Math.floor), total: minutes(total, Math.ceil) });
      if (s.step === "translate" && unit === "languages" && total > 0) return t("translatingProgress", { done, total });
      return t(`running.${s.step}`);
    }
    if (s.state === "queued") return s.error ? t("retrying", { step: t(`names.${s.step}`), error: s.error }) : t(`queued.${s.step}`);
    if (s.state === "skipped") return s.error ?? t(`names.${s.step}`);
    return t("failed", { step: t(`names.${s.step}`), error: s.error ?? "" });
  };

  return (
    <ul className="audio-pipeline" aria-live="polite">
      {steps.map((s) => (
        <li key={s.step} className={`audio-pipeline-step audio-pipeline-${s.state}`} data-step={s.step} data-state={s.state}>
          <span className="audio-step-icon" aria-hidden="true">
            {s.state === "running" ? <span className="spinner spinner-sm" /> : s.state === "failed" ? "!" : "·"}
          </span>
          <span>{line(s)}</span>
          {s.state === "running" && s.progress.total > 0 && (
            <progress className="audio-pipeline-progress" max={s.progress.total} value={s.progress.done} aria-label={line(s)} />
          )}
          {canRecord && (s.state === "failed" || (s.state === "skipped" && s.step === "transcribe")) && (s.step === "transcribe" || s.step === "summarize") && (
            <button type="button" className="btn btn-sm" disabled={retry.pending || !ready} onClick={() => void retryStep(s.step)}>
              {t("retry")}
            </button>
          )}
        </li>
      ))}
      {retry.error !== null && (
        <li className="form-error" role="alert">
          {errorMessage(retry.error)}
        </li>
      )}
    </ul>
  );
}
