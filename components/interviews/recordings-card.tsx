"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { RecordingList, type RecordingListProps } from "@/components/audio/recording-list";
import { useRecordingSteps } from "@/components/audio/use-recording-steps";

// The recorder (MediaRecorder, IndexedDB queue, uploader) only for people who may record.
const RecorderAndRecordings = dynamic(() => import("@/components/audio/recorder-and-recordings").then((m) => m.RecorderAndRecordings), {
  ssr: false,
  loading: () => null,
});

/**
 * The interview's recordings, with the recorder for those who may record (editors; the
 * candidate on their own published interview), kept live as the server works on them.
 */
export function RecordingsCard(props: Omit<RecordingListProps, "canRecord"> & { canRecord?: boolean }) {
  const t = useTranslations("audio");
  const canRecord = props.canRecord ?? false;
  useRecordingSteps(props.personId, props.interviewId);
  return (
    <section className="card iv-recordings" aria-labelledby="recordings-title">
      <div className="card-head">
        <div>
          <h2 id="recordings-title">{t("title")}</h2>
          <p>{t("intro")}</p>
        </div>
      </div>
      <div className="card-body stack">
        {canRecord ? <RecorderAndRecordings {...props} canRecord /> : <RecordingList {...props} canRecord={false} />}
      </div>
    </section>
  );
}
