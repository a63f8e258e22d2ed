"use client";

import "@/components/audio/audio.css";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import { RecorderPanel } from "@/components/audio/recorder-panel";
import { RecordingItem } from "@/components/audio/recording-item";
import { SessionProgress } from "@/components/audio/session-progress";
import { useRecordingController } from "@/components/audio/use-recording-controller";
import { interviewKeys } from "./interview-keys";
import type { Recording } from "./interview-types";

/**
 * The interview's recordings. People who may record it (editors; the candidate on their own
 * published interview) get the recorder: Record / Pause / Stop, every second kept on this device
 * until the server has it, then saved, transcribed and summarized, each step shown with a Retry.
 * Recordings this device still holds (interrupted, or on their way) are listed above the saved
 * ones; each saved one has a seekable player, its transcript (a line plays from there) and summary.
 */
export function RecordingsCard({
  audio,
  language,
  personId,
  interviewId,
  canRecord = false,
}: {
  audio: Record<string, Recording>;
  language: string;
  personId: string;
  interviewId: string;
  /** Editors, and the candidate on their own published interview. */
  canRecord?: boolean;
  canEdit?: boolean;
}) {
  const t = useTranslations("audio");
  const errorMessage = useErrorMessage();
  const qc = useQueryClient();
  const { controller, snapshot } = useRecordingController(personId, interviewId, canRecord);
  const recordings = Object.entries(audio ?? {}).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0));
  const live = snapshot.sessions.find((s) => s.live);
  const onDevice = snapshot.sessions.filter((s) => !s.live);
  // Recordings whose steps this device is still running: their own Transcribe / Summarize buttons wait.
  const inProgress = new Set(onDevice.map((s) => s.session.recordingId));
  const refresh = () => void qc.invalidateQueries({ queryKey: interviewKeys.detail(personId, interviewId) });

  return (
    <section className="card iv-recordings" aria-labelledby="recordings-title">
      <div className="card-head">
        <div>
          <h2 id="recordings-title">
            <span aria-hidden="true" className="iv-rec-dot" /> {t("title")}
          </h2>
          <p>{t("intro")}</p>
        </div>
      </div>
      <div className="card-body stack">
        {canRecord && controller && <RecorderPanel controller={controller} language={language} live={live} />}
        {snapshot.loadError !== null && (
          <p className="notice" role="alert">
            {t("loadError", { message: errorMessage(snapshot.loadError) })}
          </p>
        )}
        {controller &&
          onDevice.map((view) => <SessionProgress key={view.session.recordingId} view={view} controller={controller} language={language} />)}
        {recordings.length === 0 ? (
          onDevice.length === 0 && !live && <p className="muted">{canRecord ? t("emptyCanRecord") : t("empty")}</p>
        ) : (
          <ul className="iv-rec-list">
            {recordings.map(([id, r], i) => (
              <RecordingItem
                key={id}
                recordingId={id}
                recording={r}
                index={i}
                readerLanguage={language}
                canRecord={canRecord && !inProgress.has(id)}
                target={{ recordingId: id, personId, interviewId }}
                onChanged={refresh}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
