"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { inLanguage } from "@/components/forms/form-types";
import type { Recording } from "@/components/interviews/interview-types";
import { languageName } from "@/components/languages/language-names";
import { languageCode } from "@/lib/languages/language-code.shared";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { RecordingTarget } from "./audio-api";
import { PipelineStatus } from "./pipeline-status";
import { RecordingTitle } from "./recording-title";
import { useClock } from "./use-clock";
import { useRecordingTranslation } from "./use-recording-translation";
import type { RecordingManage } from "./use-recording-manage";

type Segment = NonNullable<Recording["segments"]>[number];

/** The language code the server keys translations by ("es-MX" → "es"): the service's one normaliser. */
const primary = (language: string) => languageCode(language) ?? language.toLowerCase();

/** Offers `text` as a file download (made in the browser: nothing is fetched). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileBase = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .trim()
    .slice(0, 80) || "recording";

/**
 * One recording of the interview: its name (the reader's language first), a player that seeks
 * (the file is served with HTTP Range), the transcript with timestamps (a line plays from there),
 * the summary, both in the reader's language with "Show original" when translated, downloads,
 * and how the server's steps stand (transcribing, summarizing, translating), live. Editors
 * rename and delete it (`manage`). Opened at a `moment` (ms, from a search hit's link), it
 * comes into view with its player there and that passage of the transcript marked.
 */
export function RecordingItem({
  recordingId,
  recording,
  index,
  readerLanguage,
  canRecord,
  manage,
  moment,
  target,
  onChanged,
}: {
  recordingId: string;
  recording: Recording;
  index: number;
  readerLanguage: string;
  canRecord: boolean;
  manage?: RecordingManage;
  moment?: number;
  target: RecordingTarget;
  onChanged: () => void;
}) {
  const t = useTranslations("audio");
  const locale = useLocale();
  const display = useDisplayFormat();
  const { clock } = useClock();
  const ready = useHydrated();
  const audio = useRef<HTMLAudioElement>(null);
  const item = useRef<HTMLLIElement>(null);
  const [now, setNow] = useState(0);
  const [found, setFound] = useState<number | null>(null);
  const [showOriginal, setShowOriginal] = useState(false);

  const name = inLanguage(recording.name, readerLanguage) || t("item.untitled", { number: index + 1 });
  const reader = primary(readerLanguage);
  const original = recording.language && recording.language !== "und" ? recording.language : null;
  const originalTranscript = (original && recording.transcript?.[original]) ?? Object.values(recording.transcript ?? {})[0] ?? "";
  const summaryLanguage = recording.summary_language ?? null;
  const originalSummary = (summaryLanguage && recording.summary?.[summaryLanguage]) ?? Object.values(recording.summary ?? {})[0] ?? "";
  const mixed = (recording.segments ?? []).some((s) => s.language !== "und" && primary(s.language) !== reader);

  // What is missing in the reader's language: asked for once, then cached on the server.
  const wantsTranscript =
    Boolean(originalTranscript.trim()) && (original ? primary(original) !== reader || mixed : false) && recording.transcript?.[reader] === undefined;
  const wantsSummary =
    Boolean(originalSummary.trim()) && summaryLanguage !== null && primary(summaryLanguage) !== reader && recording.summary?.[reader] === undefined;
  const translation = useRecordingTranslation(
    target,
    reader,
    `${recording.transcribed_at ?? 0}-${recording.summarized_at ?? 0}`,
    wantsTranscript || wantsSummary,
  );

  const translatedTranscript = recording.transcript?.[reader] ?? translation.data?.transcript;
  const translatedSegments: Segment[] | undefined = useMemo(() => {
    const texts = recording.segment_translations?.[reader];
    if (texts) return (recording.segments ?? []).map((s, i) => (texts[i] !== undefined ? { ...s, text: texts[i] } : s));
    return translation.data?.segments;
  }, [recording.segment_translations, recording.segments, reader, translation.data]);
  const translatedSummary = recording.summary?.[reader] ?? translation.data?.summary;

  const hasTranslation =
    (translatedTranscript !== undefined && translatedTranscript !== originalTranscript) ||
    (translatedSummary !== undefined && translatedSummary !== originalSummary);
  const useTranslation = hasTranslation && !showOriginal;
  const segments = (useTranslation ? translatedSegments : undefined) ?? recording.segments ?? [];
  const transcriptText = (useTranslation ? translatedTranscript : undefined) ?? originalTranscript;
  const summaryText = (useTranslation ? translatedSummary : undefined) ?? originalSummary;
  const originalName = original ? languageName(original, locale) : summaryLanguage ? languageName(summaryLanguage, locale) : "";
  const readerName = languageName(reader, locale);
  const unavailable = isApiError(translation.error) && translation.error.status === 503;

  const active = segments.findIndex((s, i) => now >= s.start && (now < s.end || (i === segments.length - 1 ? false : now < segments[i + 1].start)));

  // The passage spoken at `seconds` (as shown now, translated or not) brought into view.
  const showPassageAt = useEffectEvent((seconds: number) => {
    const index = segments.findLastIndex((s) => s.start <= seconds + 0.05);
    const spot = (index >= 0 ? item.current?.querySelectorAll<HTMLElement>(".audio-segments > li")[index] : undefined) ?? item.current;
    spot?.scrollIntoView({ block: "center" });
  });
  // A link to a moment: the player goes there (once it knows the file's length), the recording
  // comes into view with the passage spoken then, and the focus goes to the player. Only a new
  // moment does: a change to the passages (the translation shown or hidden) scrolls nothing.
  useEffect(() => {
    if (moment === undefined) return;
    const seconds = moment / 1000;
    setFound(seconds);
    setNow(seconds);
    const player = audio.current;
    showPassageAt(seconds);
    player?.focus({ preventScroll: true });
    if (!player) return;
    const go = () => {
      player.currentTime = seconds;
    };
    if (player.readyState >= HTMLMediaElement.HAVE_METADATA) go();
    else player.addEventListener("loadedmetadata", go, { once: true });
    return () => player.removeEventListener("loadedmetadata", go);
  }, [moment]);
  const foundIndex = found === null ? -1 : segments.findLastIndex((s) => s.start <= found + 0.05);

  const seek = (seconds: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = seconds;
    void player.play().catch(() => {});
  };

  const transcriptFile = () => (segments.length ? segments.map((s) => `[${clock(s.start * 1000)}] ${s.text}`).join("\n") : transcriptText);

  return (
    <li ref={item} className="iv-rec audio-item" data-recording-id={recordingId}>
      <div className="iv-rec-head">
        <RecordingTitle recordingId={recordingId} name={name} manage={manage} />
        <span className="muted small">
          {recording.created_at ? display.moment(recording.created_at, true) : ""}
          {recording.duration_ms !== undefined ? ` · ${clock(recording.duration_ms)}` : ""}
        </span>
      </div>
      {recording.url ? (
        <audio
          ref={audio}
          controls
          preload="metadata"
          src={recording.url}
          aria-label={t("item.player", { name })}
          className="iv-audio"
          onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
          onSeeked={(e) => setNow(e.currentTarget.currentTime)}
        />
      ) : (
        <p className="muted small">{t("item.unavailable")}</p>
      )}

      {(hasTranslation || translation.isFetching || unavailable) && (
        <div className="audio-translation small">
          {translation.isFetching && !hasTranslation ? (
            <span className="muted">{t("item.translating", { language: readerName })}</span>
          ) : unavailable && !hasTranslation ? (
            <span className="muted">{t("item.noTranslation", { language: readerName })}</span>
          ) : (
            <>
              {useTranslation && <span className="muted">{t("item.translatedFrom", { language: originalName })} </span>}
              <button type="button" className="link-btn" aria-pressed={showOriginal} disabled={!ready} onClick={() => setShowOriginal((v) => !v)}>
                {showOriginal ? t("item.showTranslation", { language: readerName }) : t("item.showOriginal", { language: originalName })}
              </button>
            </>
          )}
        </div>
      )}

      {summaryText && (
        <section className="audio-summary" aria-label={t("item.summary")}>
          <h4>{t("item.summary")}</h4>
          <p>{summaryText}</p>
        </section>
      )}

      <section className="audio-transcript" aria-label={t("item.transcript")}>
        <h4>{t("item.transcript")}</h4>
        {recording.transcript === undefined ? (
          <p className="muted small">
            {recording.steps?.some((s) => s.step === "transcribe" && (s.state === "queued" || s.state === "running"))
              ? t("item.transcriptComing")
              : t("item.noTranscript")}
          </p>
        ) : !transcriptText.trim() ? (
          <p className="muted small">{t("item.noSpeech")}</p>
        ) : segments.length ? (
          <ol className="audio-segments">
            {segments.map((s, i) => (
              <li
                key={`${s.start}-${i}`}
                className={[i === active ? "is-current" : "", i === foundIndex ? "is-found" : ""].join(" ").trim() || undefined}
                aria-current={i === active ? "true" : undefined}
              >
                <button
                  type="button"
                  className="audio-segment"
                  onClick={() => seek(s.start)}
                  disabled={!recording.url || !ready}
                  title={t("item.seekTo", { time: clock(s.start * 1000) })}
                >
                  <time className="audio-segment-time">{clock(s.start * 1000)}</time>
                  <span className="audio-segment-text" lang={useTranslation ? reader : s.language !== "und" ? s.language : undefined}>
                    {s.text}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="audio-transcript-text">{transcriptText}</p>
        )}
      </section>

      <PipelineStatus recording={recording} target={target} canRecord={canRecord} onChanged={onChanged} />
      <div className="audio-actions row">
        {recording.url && (
          <a className="btn btn-sm" href={recording.url} download={`${fileBase(name)}.webm`}>
            {t("item.downloadAudio")}
          </a>
        )}
        {transcriptText.trim() && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={!ready}
            onClick={() => download(`${fileBase(name)} - ${t("item.transcript")}.txt`, transcriptFile())}
          >
            {t("item.downloadTranscript")}
          </button>
        )}
        {summaryText && (
          <button type="button" className="btn btn-sm" disabled={!ready} onClick={() => download(`${fileBase(name)} - ${t("item.summary")}.txt`, summaryText)}>
            {t("item.downloadSummary")}
          </button>
        )}
      </div>
    </li>
  );
}
