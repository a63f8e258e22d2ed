"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { RecorderPanel } from "./recorder-panel";
import { SessionProgress } from "./session-progress";
import { useRecordingController } from "./use-recording-controller";

/** What the recordings this device holds mean for the saved list below (components/interviews/recordings-card.tsx). */
export type OnDevice = {
  /** Recordings whose steps this device still runs: their own Transcribe / Summarize buttons wait. */
  busy: ReadonlySet<string>;
  /** Something is being recorded or uploaded: the list's empty-state sentence is not said. */
  quiet: boolean;
};

/**
 * For people who may record: the recorder (every second kept on this device until the server
 * has it, then saved, transcribed and summarized, each step shown with a Retry) and the
 * recordings this device still holds (interrupted, or on their way). Loaded in the browser only,
 * for them: readers never download it, and the saved list below it comes with the page's HTML.
 */
export function RecorderAndSessions({
  personId,
  interviewId,
  language,
  onChanged,
  onDevice,
}: {
  personId: string;
  interviewId: string;
  language: string;
  onChanged: () => void;
  onDevice: (state: OnDevice) => void;
}) {
  const t = useTranslations("audio");
  const errorMessage = useErrorMessage();
  const { controller, snapshot } = useRecordingController(personId, interviewId, onChanged);
  const live = snapshot.sessions.find((s) => s.live);
  const held = snapshot.sessions.filter((s) => !s.live);
  const busyKey = held.map((s) => s.session.recordingId).join(" ");
  const quiet = held.length > 0 || Boolean(live);
  useEffect(() => onDevice({ busy: new Set(busyKey ? busyKey.split(" ") : []), quiet }), [busyKey, quiet, onDevice]);
  return (
    <>
      {controller && <RecorderPanel controller={controller} language={language} live={live} />}
      {snapshot.loadError !== null && (
        <p className="notice" role="alert">
          {t("loadError", { message: errorMessage(snapshot.loadError) })}
        </p>
      )}
      {controller && held.map((view) => <SessionProgress key={view.session.recordingId} view={view} controller={controller} language={language} />)}
    </>
  );
}
