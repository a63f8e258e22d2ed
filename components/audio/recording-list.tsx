"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import type { Recording } from "@/components/interviews/interview-types";
import { RecordingItem } from "./recording-item";
import type { RecordingManage } from "./use-recording-manage";

export type RecordingListProps = {
  audio: Record<string, Recording>;
  language: string;
  personId: string;
  interviewId: string;
  /** Editors, and the candidate on their own published interview. */
  canRecord: boolean;
  /** For whoever may edit the interview: renames and deletes recordings. */
  manage?: RecordingManage;
  /** After a change made here (a step retried): the interview is fetched again. */
  onChanged: () => void;
};

/** The moment a link opens (a search hit): `?recording=<id>&t=<ms>`. */
function useLinkedMoment() {
  const params = useSearchParams();
  const recordingId = params?.get("recording") ?? null;
  const ms = Number(params?.get("t") ?? "0");
  return recordingId ? { recordingId, ms: Number.isFinite(ms) && ms >= 0 ? ms : 0 } : null;
}

/**
 * The interview's saved recordings, oldest first: a seekable player, transcript and summary
 * each. `busy` holds the recordings whose steps this device is still running (their own
 * Transcribe / Summarize buttons wait); `quiet` hides the empty-state sentence (something is
 * being recorded or uploaded above). A link to a moment (`?recording=&t=`) opens that recording there.
 */
export function RecordingList({
  audio,
  language,
  personId,
  interviewId,
  canRecord,
  manage,
  onChanged,
  busy,
  quiet,
}: RecordingListProps & { busy?: ReadonlySet<string>; quiet?: boolean }) {
  const t = useTranslations("audio");
  const moment = useLinkedMoment();
  const recordings = Object.entries(audio ?? {}).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0));
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
          manage={manage}
          moment={moment?.recordingId === id ? moment.ms : undefined}
          target={{ recordingId: id, personId, interviewId }}
          onChanged={onChanged}
        />
      ))}
    </ul>
  );
}
