import "server-only";
import fs from "node:fs/promises";
import { audioDurationMs } from "@/lib/media/duration";
import { splitAtSilences } from "@/lib/media/split";
import { withTempDir } from "@/lib/media/temp-dir";
import { detectLanguage } from "./detect-language";
import { speechToText } from "./providers";
import type { SpeechProviderName, Transcript, TranscriptSegment } from "./transcript";

type TranscribedPiece = { startMs: number; endMs: number; language: string | undefined };

export type AudioTranscript = {
  /** The language spoken longest (BCP 47 primary subtag); "und" when none could be told. */
  language: string;
  text: string;
  /** Times in seconds on the whole recording; each segment carries its piece's language. */
  segments: TranscriptSegment[];
  /** The stretches sent to the provider one by one, with the language found in each. */
  pieces: TranscribedPiece[];
  provider: SpeechProviderName;
};

// whisper names the language of the first 30 s of a request. A piece whose text is plainly in
// another language (eld is sure, on this many words) is labelled by its text instead.
const CROSS_CHECK_WORDS = 20;

function languageOfPiece(reported: string | undefined, text: string): string | undefined {
  const detected = detectLanguage(text, "");
  if (!reported) return detected || undefined;
  const words = text.split(/\s+/).filter(Boolean).length;
  return detected && detected !== reported && words >= CROSS_CHECK_WORDS ? detected : reported;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

function combine(results: Array<{ startMs: number; endMs: number; transcript: Transcript }>, provider: SpeechProviderName): AudioTranscript {
  const pieces: TranscribedPiece[] = [];
  const segments: TranscriptSegment[] = [];
  const spoken = new Map<string, number>();
  for (const { startMs, endMs, transcript } of results) {
    const language = languageOfPiece(transcript.language, transcript.text);
    pieces.push({ startMs, endMs, language });
    if (language && transcript.text) spoken.set(language, (spoken.get(language) ?? 0) + (endMs - startMs));
    const offset = startMs / 1000;
    for (const s of transcript.segments) {
      segments.push({ start: round(s.start + offset), end: round(s.end + offset), text: s.text, language: s.language ?? language });
    }
  }
  const main = [...spoken].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "und";
  const text = results
    .map((r) => r.transcript.text)
    .filter(Boolean)
    .join(" ");
  return { language: main, text, segments, pieces, provider };
}

/** A stretch transcribed on its own, kept so that a stopped transcription resumes after it. */
export type PieceResult = { startMs: number; endMs: number; transcript: Transcript };

export type TranscribeOptions = {
  /** Longest stretch sent to the engine at once (progress and resuming go piece by piece). */
  maxPieceMs?: number;
  /** Pieces a stopped run already transcribed: reused when the same cut gives the same piece. */
  done?: PieceResult[];
  /** After each piece: the pieces so far and the recording's length. */
  onPiece?: (done: PieceResult[], totalMs: number) => Promise<void>;
};

/**
 * Transcribes a recording of any length. A recording longer than `maxPieceMs`, or larger than the
 * engine's request limit (TRANSCRIBE_MAX_BYTES), is cut at silences into pieces transcribed one
 * after another; their segments are joined on the recording's timeline and the language is found
 * per piece, so a recording that changes language is labelled by what is spoken longest, not by
 * its first seconds. The cut is the same for the same file: pieces in `done` are not sent again.
 */
export async function transcribeAudioFile(file: string, options: TranscribeOptions = {}): Promise<AudioTranscript> {
  const engine = speechToText();
  const maxPieceMs = options.maxPieceMs ?? Infinity;
  const [{ size }, durationMs] = await Promise.all([fs.stat(file), audioDurationMs(file)]);
  if (size <= engine.maxRequestBytes && durationMs <= maxPieceMs) {
    const results = [{ startMs: 0, endMs: durationMs, transcript: await engine.transcribe(file) }];
    await options.onPiece?.(results, durationMs);
    return combine(results, engine.name);
  }
  return withTempDir(async (dir) => {
    const pieces = await splitAtSilences(file, { maxBytes: engine.maxRequestBytes, maxMs: maxPieceMs, outDir: dir });
    const results: PieceResult[] = [];
    for (const [i, piece] of pieces.entries()) {
      const earlier = options.done?.[i];
      const reused = earlier && earlier.startMs === piece.startMs && earlier.endMs === piece.endMs;
      results.push(reused ? earlier : { startMs: piece.startMs, endMs: piece.endMs, transcript: await engine.transcribe(piece.path) });
      await fs.rm(piece.path, { force: true });
      if (!reused) await options.onPiece?.(results, durationMs);
    }
    return combine(results, engine.name);
  });
}
