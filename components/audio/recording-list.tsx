"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { interviewKeys } from "@/components/interviews/interview-keys";
import type { Recording } from "@/components/interviews/interview-types";
import { RecordingItem } from "./recording-item";

export type RecordingListProps = {
  audio: Record<string, Recording>;
  language: string;
  personId: string;
  interviewId: string;
  /** Editors, and the candidate on their own published interview. */
  canRecord: boolean;
};

/**
 * The interview's saved recordings, oldest first: a seekable player, transcript and summary
 * each. `busy` holds the recordings whose steps this device is still running (their own
 * Transcribe / Summarize buttons wait); `quiet` hides the empty-state sentence (something is
 * being recorded or uploaded above).
 */
export function RecordingList({ audio, language, personId, interviewId, canRecord, busy, quiet }: RecordingListProps & { busy?: ReadonlySet<string>; quiet?: boolean }) {
  const t = useTranslations("audio");
  const qc = useQueryClient();
  const recordings = Object.entries(audio ?? {}).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0));
  const refresh = () => void qc.invalidateQueries({ queryKey: interviewKeys.detail(personId, interviewId) });
  if (!recordings.length) return quiet ? null : <p className="muted">{canRecord ? t("emptyCanRecord") : t("empty")}</p>;
  return (
    <ul className="iv-rec-list">
      {recordings.map(([id, r], i) => (
        <RecordingItem
          key={id}
          recordingId={id}
          recording={r}
          index={i}
          readerLanguage={language}
          canRecord={canRecord && !busy?.has(id)}
          target={{ recordingId: id, personId, interviewId }}
          onChanged={refresh}
        />
      ))}
    </ul>
  );
}
