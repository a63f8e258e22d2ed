"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { inLanguage } from "@/components/forms/form-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { STEPS, type RecordingController, type SessionView, type StepName, type StepStatus } from "./recording-controller";
import { UploadStatus } from "./upload-status";
import { useAudioErrorMessage } from "./use-audio-error-message";
import { useClock } from "./use-clock";

/** Where a step stands, given the step under way. */
function statusOf(v: SessionView, step: StepName): StepStatus {
  const order = STEPS.indexOf(step);
  const current = v.step ? STEPS.indexOf(v.step) : 0;
  if (order < current) return "done";
  if (order > current) return "waiting";
  return v.step ? v.status : "waiting";
}

/**
 * A recording of this device that is not on the server as a whole yet: interrupted (with
 * "Upload and save it"), going on in another tab, or on its way through upload → save, each
 * step with its state and a Retry when it failed. The server takes it from there.
 */
export function SessionProgress({ view, controller, language }: { view: SessionView; controller: RecordingController; language: string }) {
  const t = useTranslations("audio");
  const format = useFormatter();
  const errorMessage = useAudioErrorMessage();
  const { clock } = useClock();
  const [discarding, setDiscarding] = useState(false);
  const { session } = view;
  const name = inLanguage(session.name, language);
  const gone = view.status === "error" && isApiError(view.error) && (view.error.status === 404 || view.error.status === 403) && view.step === "finalize";

  if (view.elsewhere) {
    return (
      <div className="audio-session notice notice-info" role="status">
        <strong>{name}</strong> — {t("session.elsewhere")}
      </div>
    );
  }

  if (view.interrupted) {
    return (
      <div className="audio-session notice" role="alert">
        <p>
          <strong>{t("session.interrupted")}</strong>
        </p>
        <p className="small">
          {name} ·{" "}
          {t("session.interruptedDetail", {
            duration: clock(session.recordedMs),
            date: format.dateTime(new Date(session.startedAt), { dateStyle: "medium", timeStyle: "short" }),
          })}
        </p>
        <UploadStatus uploader={view.uploader} quietWhenDone />
        <div className="row">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void controller.saveInterrupted(session.recordingId)}>
            {t("session.save")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <section className="audio-session" aria-label={t("session.progressLabel", { name })}>
      <p className="audio-session-name">{t("session.progressLabel", { name })}</p>
      <ol className="audio-steps">
        {STEPS.map((step) => {
          const status = statusOf(view, step);
          return (
            <li key={step} className={`audio-step audio-step-${status}`} data-step={step} data-status={status}>
              <span className="audio-step-icon" aria-hidden="true">
                {status === "done" ? "✓" : status === "running" ? <span className="spinner spinner-sm" /> : status === "error" ? "!" : "·"}
              </span>
              <span className="audio-step-name">{t(`session.steps.${step}`)}</span>
              <span className="audio-step-status">{t(`session.status.${status}`)}</span>
            </li>
          );
        })}
      </ol>
      {view.step === "upload" && view.status === "running" && <UploadStatus uploader={view.uploader} quietWhenDone />}
      {view.status === "error" && (
        <div className="audio-step-error" role="alert">
          <p>{errorMessage(view.error)}</p>
          <div className="row">
            <button type="button" className="btn btn-sm" onClick={() => controller.retry(session.recordingId)}>
              {t("session.retry")}
            </button>
            {gone && (
              <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDiscarding(true)}>
                {t("session.discard")}
              </button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        title={t("session.discardTitle")}
        message={t("session.discardMessage")}
        confirmLabel={t("session.discard")}
        danger
        onConfirm={() => controller.discard(session.recordingId)}
      />
    </section>
  );
}
