"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { OnDevice } from "@/components/audio/recorder-and-sessions";
import { RecordingList, type RecordingListProps } from "@/components/audio/recording-list";
import { RECORDINGS_HEADING_ID } from "@/components/audio/recordings-heading";
import type { RecordingsSource } from "@/components/audio/recordings-source";
import { useRecordingSteps } from "@/components/audio/use-recording-steps";

// The recorder (MediaRecorder, IndexedDB queue, uploader) only for people who may record, and only
// in the browser: the saved recordings below it come with the page's HTML.
const RecorderAndSessions = dynamic(() => import("@/components/audio/recorder-and-sessions").then((m) => m.RecorderAndSessions), {
  ssr: false,
  loading: () => null,
});

const NOTHING_HELD: OnDevice = { busy: new Set(), quiet: false };

/**
 * The interview's recordings, with the recorder for those who may record (editors; the
 * candidate on their own published interview), kept live as the server works on them, in the
 * interview `source` keeps. Those who may edit the interview also get `manage`: rename and delete.
 */
export function RecordingsCard({
  source,
  canRecord = false,
  ...props
}: Omit<RecordingListProps, "canRecord" | "onChanged"> & { canRecord?: boolean; source: RecordingsSource }) {
  const t = useTranslations("audio");
  const [held, setHeld] = useState<OnDevice>(NOTHING_HELD);
  useRecordingSteps(props.interviewId, source);
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
        {canRecord && (
          <RecorderAndSessions
            personId={props.personId}
            interviewId={props.interviewId}
            language={props.language}
            onChanged={source.refresh}
            onDevice={setHeld}
          />
        )}
        <RecordingList {...props} onChanged={source.refresh} canRecord={canRecord} busy={held.busy} quiet={held.quiet} />
      </div>
    </section>
  );
}
