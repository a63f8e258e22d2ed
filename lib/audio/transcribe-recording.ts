import { transcribeAudioFile } from "@/lib/ai/transcribe-audio-file";
import type { Ctx } from "@/lib/auth/context";
import { audioSource, withAudioFrom } from "./audio-source";
import { findRecordableInterview } from "./recording-access";
import { once, recordingIn, updateRecording, type StoredRecording } from "./recording-record";
import type { TranscribeInput } from "./schemas";
import { ensureTranslation, languageKey, originalTranscript, segmentsIn } from "./translate-recording";

/**
 * POST /api/audio/transcribe: speech-to-text of the audio at `url`, stored on the interview's
 * recording `recordingId`: `transcript` (multilingual: the text under the main language spoken),
 * `language`, `segments` (start, end, language, text). Long recordings are cut at silences under
 * TRANSCRIBE_MAX_BYTES and the language is found per piece (lib/ai/transcribe-audio-file.ts).
 * Idempotent: a stored transcript is returned unless `force: true`. With `language`, the
 * transcript is also translated into it (once per language, cached).
 */
export async function transcribeRecording(ctx: Ctx, input: TranscribeInput) {
  const { personId, interviewId, recordingId } = input;
  const interview = await findRecordableInterview(ctx, personId, interviewId);
  let record = recordingIn(interview.audio, recordingId);
  // The URL is checked even when a stored transcript is returned: a request is valid or not whatever is stored.
  const source = await audioSource(ctx, input.url);
  if (!record.transcript || input.force) {
    const key = `transcribe:${ctx.districtId}:${interviewId}:${recordingId}:${input.url}`;
    const result = await once(key, () => withAudioFrom(source, (file) => transcribeAudioFile(file)));
    const language = languageKey(result.language);
    record = await updateRecording(ctx, interviewId, recordingId, (current): StoredRecording => {
      // A new transcript replaces the old one and its translations.
      const { segment_translations: _dropped, ...rest } = current;
      return {
        ...rest,
        language,
        segments: result.segments.map((s) => ({ start: s.start, end: s.end, language: s.language ? languageKey(s.language) : language, text: s.text })),
        transcript: { [language]: result.text },
        transcript_provider: result.provider,
        transcribed_at: Date.now(),
      };
    });
  }
  const translated = input.language ? await ensureTranslation(ctx, interviewId, recordingId, record, input.language) : record;
  const to = input.language ? languageKey(input.language) : null;
  const translation =
    to && translated.transcript?.[to] !== undefined && to !== translated.language
      ? { language: to, transcript: translated.transcript[to], segments: segmentsIn(translated, to) }
      : undefined;
  return {
    ok: true as const,
    transcript: originalTranscript(translated),
    language: translated.language ?? "und",
    segments: translated.segments ?? [],
    ...(translation ? { translation } : {}),
  };
}
