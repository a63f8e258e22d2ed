import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { audioDurationMs } from "./duration";
import { runFfmpeg } from "./ffmpeg";
import { detectSilences, type Silence } from "./silences";

export type AudioPiece = { path: string; startMs: number; endMs: number; bytes: number };

/*
 * Pieces are re-encoded to 16 kHz mono Opus at a constant 32 kbit/s, in WebM. Speech recognisers
 * work on 16 kHz mono anyway (whisper resamples to it), any input (a WAV upload, an m4a) comes out
 * small, OpenAI accepts WebM, and a constant bitrate makes a piece's size follow its length, so the
 * cuts are planned before encoding. Measured: 4.37 kB/s in WebM (block headers add ~9 %); planned
 * with 4.6 kB/s plus a header allowance, and every piece is checked after encoding. Complexity 2
 * encodes ~220x faster than real time (2 h in ~30 s on one core) with no loss that matters for
 * recognition at this bitrate.
 */
const PIECE_ENCODING = ["-ac", "1", "-ar", "16000", "-c:a", "libopus", "-b:a", "32k", "-vbr", "off", "-application", "voip", "-compression_level", "2"];
const PLANNED_BYTES_PER_MS = 4.6;
const HEADER_BYTES = 1024;
const MIN_PIECE_MS = 2000;
// Without cut times the segment muxer would still cut every 2 s; this keeps the file whole.
const NO_CUT_SECONDS = "100000000";

/**
 * Where to cut a recording of `durationMs` so that no piece is longer than `maxPieceMs`: in the
 * longest silence (latest on ties) of the second half of each allowed stretch, or at its end
 * when that half has no silence.
 */
export function planCuts(durationMs: number, silences: Silence[], maxPieceMs: number): number[] {
  const cuts: number[] = [];
  let start = 0;
  while (durationMs - start > maxPieceMs) {
    const earliest = start + maxPieceMs / 2;
    const latest = start + maxPieceMs;
    let best: { at: number; length: number } | null = null;
    for (const silence of silences) {
      const end = Math.min(silence.endMs, durationMs);
      const from = Math.max(silence.startMs, earliest);
      const to = Math.min(end, latest);
      if (from > to) continue;
      const length = end - silence.startMs;
      if (!best || length >= best.length) best = { at: (from + to) / 2, length };
    }
    const cut = Math.round(best ? best.at : latest);
    cuts.push(cut);
    start = cut;
  }
  return cuts;
}

/** Encodes `file` into pieces cut at `cuts` (ms) with one ffmpeg run of the segment muxer. */
async function encodePieces(file: string, cuts: number[], outDir: string): Promise<AudioPiece[]> {
  const prefix = randomUUID();
  const list = path.join(outDir, `${prefix}.csv`);
  const times = cuts.length ? ["-segment_times", cuts.map((ms) => (ms / 1000).toFixed(3)).join(",")] : ["-segment_time", NO_CUT_SECONDS];
  await runFfmpeg([
    "-v",
    "error",
    "-i",
    file,
    "-map",
    "0:a:0",
    ...PIECE_ENCODING,
    "-f",
    "segment",
    "-segment_format",
    "webm",
    ...times,
    "-reset_timestamps",
    "1",
    "-segment_list",
    list,
    "-segment_list_type",
    "csv",
    path.join(outDir, `${prefix}-%05d.webm`),
  ]);
  // Each line: file name, start and end in seconds on the input's timeline, as actually cut.
  const lines = (await fs.readFile(list, "utf8")).split("\n").filter(Boolean);
  await fs.rm(list, { force: true });
  return Promise.all(
    lines.map(async (line) => {
      const [name, start, end] = line.split(",");
      const piecePath = path.join(outDir, name);
      return { path: piecePath, startMs: Math.round(Number(start) * 1000), endMs: Math.round(Number(end) * 1000), bytes: (await fs.stat(piecePath)).size };
    }),
  );
}

async function split(
  file: string,
  maxBytes: number,
  maxMs: number,
  outDir: string,
  bytesPerMs: number,
  offsetMs: number,
  attemptsLeft: number,
): Promise<AudioPiece[]> {
  const maxPieceMs = Math.min(maxMs, Math.floor((maxBytes - HEADER_BYTES) / bytesPerMs));
  if (maxPieceMs < MIN_PIECE_MS) throw new Error(`${maxBytes} bytes cannot hold ${MIN_PIECE_MS / 1000} s of audio; use a larger limit.`);
  const [durationMs, silences] = await Promise.all([audioDurationMs(file), detectSilences(file)]);
  const pieces = await encodePieces(file, planCuts(durationMs, silences, maxPieceMs), outDir);

  const result: AudioPiece[] = [];
  for (const piece of pieces) {
    const shifted = { ...piece, startMs: piece.startMs + offsetMs, endMs: piece.endMs + offsetMs };
    if (piece.bytes <= maxBytes) {
      result.push(shifted);
      continue;
    }
    // Larger than planned (a rate estimate off for this input): cut this piece again at its own rate.
    if (attemptsLeft <= 1) throw new Error(`A piece of ${piece.bytes} bytes stays above ${maxBytes} bytes after splitting.`);
    const rate = (piece.bytes / Math.max(1, piece.endMs - piece.startMs)) * 1.1;
    result.push(...(await split(piece.path, maxBytes, maxMs, outDir, rate, shifted.startMs, attemptsLeft - 1)));
    await fs.rm(piece.path, { force: true });
  }
  return result;
}

/**
 * Cuts a recording into pieces of at most `maxBytes` (and `maxMs`, when given) each, at silences
 * where possible, written as WebM files into `outDir` (owned by the caller, see withTempDir).
 * Pieces are in order and contiguous: each starts where the previous one ends (times in ms on the
 * original's timeline). The same file always gives the same pieces, so a stopped transcription
 * can resume after the pieces it finished.
 */
export function splitAtSilences(
  file: string,
  { maxBytes, maxMs = Infinity, outDir }: { maxBytes: number; maxMs?: number; outDir: string },
): Promise<AudioPiece[]> {
  return split(file, maxBytes, maxMs, outDir, PLANNED_BYTES_PER_MS, 0, 3);
}
