"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { newId } from "@/lib/ids/ids.shared";
import type { RecordingController, SessionView } from "./recording-controller";
import { UploadStatus } from "./upload-status";
import { useClock } from "./use-clock";
import { useRecorder, type RecorderProblem } from "./use-recorder";

const PROBLEM_MESSAGE: Record<RecorderProblem, string> = {
  unsupported: "problems.unsupported",
  insecure: "problems.insecure",
  denied: "problems.denied",
  "no-microphone": "problems.noMicrophone",
  busy: "problems.busy",
  storage: "problems.storage",
  failed: "problems.failed",
};

/** Problems no button press can fix here: the Record button is not offered at all. */
const BLOCKING: RecorderProblem[] = ["unsupported", "insecure", "storage"];

/** The microphone's loudness, drawn every frame straight onto the bar (no re-render per frame). */
function LevelMeter({ levelRef, active }: { levelRef: React.RefObject<number>; active: boolean }) {
  const t = useTranslations("audio");
  const bar = useRef<HTMLDivElement>(null);
  const meter = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) {
      if (bar.current) bar.current.style.transform = "scaleX(0)";
      return;
    }
    let frame = 0;
    let shown = -1;
    const draw = () => {
      const level = levelRef.current ?? 0;
      if (bar.current) bar.current.style.transform = `scaleX(${level.toFixed(3)})`;
      const percent = Math.round(level * 10) * 10;
      if (percent !== shown && meter.current) meter.current.setAttribute("aria-valuenow", String((shown = percent)));
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [active, levelRef]);
  return (
    <div ref={meter} className="audio-meter" role="meter" aria-label={t("recorder.level")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={0}>
      <div ref={bar} className="audio-meter-bar" />
    </div>
  );
}

/**
 * Record / Pause / Stop with a live level meter and the recorded time. Each second of audio goes
 * to IndexedDB, then to the server (the controller's upload queue); Stop hands the recording to
 * the steps that save, transcribe and summarize it.
 */
export function RecorderPanel({ controller, language, live }: { controller: RecordingController; language: string; live: SessionView | undefined }) {
  const t = useTranslations("audio");
  const format = useFormatter();
  const { clock } = useClock();
  const [name, setName] = useState("");
  const recordingId = useRef<string | null>(null);
  const defaultName = () => t("recorder.defaultName", { date: format.dateTime(new Date(), { dateStyle: "medium", timeStyle: "short" }) });

  const recorder = useRecorder({
    async onStart(mimeType) {
      const id = newId();
      const given = name.trim() || defaultName();
      setName(given);
      await controller.start({
        recordingId: id,
        personId: controller.personId,
        interviewId: controller.interviewId,
        name: { [language]: given },
        language,
        mimeType,
        startedAt: Date.now(),
        stage: "recording",
        chunkCount: 0,
        recordedMs: 0,
      });
      recordingId.current = id;
      return id;
    },
    onChunk: (id, number, durationMs, recordedMs) => controller.chunkWritten(id, number, durationMs, recordedMs),
    async onStop(id, recordedMs) {
      await controller.stop(id, recordedMs);
      recordingId.current = null;
      setName("");
    },
  });

  const active = recorder.state === "recording" || recorder.state === "paused";
  const busy = recorder.state === "starting" || recorder.state === "stopping";
  const blocked = recorder.problem !== null && BLOCKING.includes(recorder.problem);
  const saveName = () => {
    if (recordingId.current && name.trim()) void controller.rename(recordingId.current, { [language]: name.trim() });
  };

  return (
    <div className={`audio-recorder ${active ? "is-active" : ""}`}>
      {recorder.problem && (
        <p className={`notice ${blocked ? "" : "audio-problem"}`} role="alert">
          {t(PROBLEM_MESSAGE[recorder.problem])}
        </p>
      )}
      {!blocked && (
        <>
          <div className="field">
            <label className="field-label" htmlFor="audio-recording-name">
              {t("recorder.nameLabel")}
            </label>
            <input
              id="audio-recording-name"
              className="input"
              value={name}
              placeholder={active || busy ? undefined : defaultName()}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              onBlur={saveName}
            />
          </div>
          <div className="audio-controls">
            {!active && (
              <button type="button" className="btn btn-primary audio-record" onClick={() => void recorder.start()} disabled={busy}>
                <span aria-hidden="true" className="audio-record-dot" />
                {recorder.state === "starting" ? t("recorder.starting") : recorder.state === "stopping" ? t("recorder.stopping") : t("recorder.record")}
              </button>
            )}
            {recorder.state === "recording" && (
              <button type="button" className="btn" onClick={recorder.pause}>
                {t("recorder.pause")}
              </button>
            )}
            {recorder.state === "paused" && (
              <button type="button" className="btn" onClick={recorder.resume}>
                {t("recorder.resume")}
              </button>
            )}
            {active && (
              <button type="button" className="btn btn-danger" onClick={recorder.stop}>
                <span aria-hidden="true" className="audio-stop-square" />
                {t("recorder.stop")}
              </button>
            )}
            <div className="audio-clock" aria-live="off">
              {active && (
                <span className={`badge ${recorder.state === "recording" ? "badge-danger audio-live" : ""}`}>
                  {recorder.state === "recording" ? t("recorder.recording") : t("recorder.paused")}
                </span>
              )}
              <span className="sr-only">{t("recorder.elapsed")}</span>
              <time className="audio-elapsed" data-testid="audio-elapsed" dateTime={`PT${Math.floor(recorder.elapsedMs / 1000)}S`}>
                {clock(recorder.elapsedMs)}
              </time>
            </div>
          </div>
          <LevelMeter levelRef={recorder.levelRef} active={recorder.state === "recording"} />
          {live ? <UploadStatus uploader={live.uploader} /> : <p className="small muted">{t("recorder.hint")}</p>}
        </>
      )}
    </div>
  );
}
