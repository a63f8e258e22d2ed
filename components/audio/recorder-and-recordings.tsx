"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import { RecorderPanel } from "./recorder-panel";
import { RecordingList, type RecordingListProps } from "./recording-list";
import { SessionProgress } from "./session-progress";
import { useRecordingController } from "./use-recording-controller";

/**
 * For people who may record: the recorder (every second kept on this device until the server
 * has it, then saved, transcribed and summarized, each step shown with a Retry), the recordings
 * this device still holds (interrupted, or on their way), then the saved ones. Loaded only for
 * them: readers never download the recorder.
 */
export function RecorderAndRecordings(props: RecordingListProps) {
  const t = useTranslations("audio");
  const errorMessage = useErrorMessage();
  const { controller, snapshot } = useRecordingController(props.personId, props.interviewId);
  const live = snapshot.sessions.find((s) => s.live);
  const onDevice = snapshot.sessions.filter((s) => !s.live);
  return (
    <>
      {controller && <RecorderPanel controller={controller} language={props.language} live={live} />}
      {snapshot.loadError !== null && (
        <p className="notice" role="alert">
          {t("loadError", { message: errorMessage(snapshot.loadError) })}
        </p>
      )}
      {controller && onDevice.map((view) => <SessionProgress key={view.session.recordingId} view={view} controller={controller} language={props.language} />)}
      <RecordingList {...props} busy={new Set(onDevice.map((s) => s.session.recordingId))} quiet={onDevice.length > 0 || Boolean(live)} />
    </>
  );
}
