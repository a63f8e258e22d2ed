"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { RecordingList, type RecordingListProps } from "@/components/audio/recording-list";
import { RECORDINGS_HEADING_ID } from "@/components/audio/use-recording-manage";
import { useRecordingSteps } from "@/components/audio/use-recording-steps";
import { hasPermission } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";

// The recorder (MediaRecorder, IndexedDB queue, uploader) only for people who may record.
const RecorderAndRecordings = dynamic(() => import("@/components/audio/recorder-and-recordings").then((m) => m.RecorderAndRecordings), {
  ssr: false,
  loading: () => null,
});

/**
 * The interview's recordings, with the recorder for those who may record (editors; the
 * candidate on their own published interview), kept live as the server works on them. Those
 * who may edit the interview may also rename and delete them.
 */
export function RecordingsCard(props: Omit<RecordingListProps, "canRecord" | "canManage"> & { canRecord?: boolean }) {
  const t = useTranslations("audio");
  const canRecord = props.canRecord ?? false;
  const canManage = hasPermission(useMe().data, "interviews:edit");
  useRecordingSteps(props.personId, props.interviewId);
  return (
    <section className="card iv-recordings" aria-labelledby={RECORDINGS_HEADING_ID}>
      <div className="card-head">
        <div>
          <h2 id={RECORDINGS_HEADING_ID} tabIndex={-1}>
            {t("title")}
          </h2>
          <p>{t("intro")}</p>
        </div>
      </div>
      <div className="card-body stack">
        {canRecord ? (
          <RecorderAndRecordings {...props} canRecord canManage={canManage} />
        ) : (
          <RecordingList {...props} canRecord={false} canManage={canManage} />
        )}
      </div>
    </section>
  );
}
