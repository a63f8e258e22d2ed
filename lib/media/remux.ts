/*
 * MediaRecorder writes a live WebM: no Duration, no Cues, clusters of unknown size. A browser
 * can play it but not seek in it without downloading everything. This remux copies the audio
 * (no re-encode) into a WebM with a Duration and Cues.
 *
 * Evidence (a 30 s `-live 1` Opus WebM made by ffmpeg as tests/helpers/live-webm.ts makes one; outputs parsed with
 * readWebmLayout and ts-ebml's Decoder, cue positions checked against the clusters):
 *  - static ffmpeg 4.1 (npm), `-c copy`: Duration 30.021 s, NO Cues: 4.1 adds a cue point for a
 *    video keyframe, or in DASH mode for the audio packet opening a cluster, never otherwise.
 *    `-reserve_index_space N` then only leaves an empty Void (and fails with "Insufficient space
 *    reserved for cues" when N is too small for cues that exist). 4.1 has no `-cues_to_front`.
 *  - static ffmpeg 4.1, `-c copy -dash 1`: Duration and Cues (one CuePoint per 5 s cluster, each
 *    pointing at a cluster start), written after the clusters and listed in the SeekHead. Compared
 *    byte for byte with the plain `-c copy` output, only the Segment size and that SeekHead entry
 *    differ: clusters, blocks and track entry are identical.
 *  - Debian ffmpeg 5.1, `-c copy`: Duration and Cues after the clusters; `-cues_to_front 1` moves
 *    them before the clusters (ffmpeg rewrites the file once). `-dash 1` changes nothing there.
 *  - ts-ebml: its Decoder + Reader stream a 2 h file (365,336 elements, 1,441 cue entries) in
 *    0.4 s at 64 MB peak RSS, so `tools.makeMetadataSeekable` would work on the metadata alone,
 *    but it needs a second pass copying every cluster behind a rewritten header and leaves the
 *    Segment of unknown size. Not needed once ffmpeg writes the Cues itself.
 * Chosen: `-c copy -dash 1` on every ffmpeg, plus `-cues_to_front 1` where the binary has it.
 * On a 2 h, 74 MB live WebM, 4.1 remuxed from a pipe in under 1 s with 13 MB peak RSS; the Cues
 * took 30 KB. Cues after the clusters cost a player one extra range request, no more.
 */
import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { ffmpegPath, runFfmpeg } from "./ffmpeg";
import { readWebmLayout } from "./webm-layout";

export type SeekableWebm = {
  durationMs: number;
  hasCues: true;
  /** Cues before the first cluster (ffmpeg ≥ 5 with -cues_to_front) or after the last one. */
  cuesAtFront: boolean;
  cuePoints: number;
  bytes: number;
};

const cuesToFrontSupport = new Map<string, Promise<boolean>>();

/** Whether this ffmpeg's WebM muxer can place the Cues before the clusters (5.0 and later). */
function canPutCuesInFront(): Promise<boolean> {
  const binary = ffmpegPath();
  let known = cuesToFrontSupport.get(binary);
  if (!known) {
    known = runFfmpeg(["-h", "muxer=webm"], { allowFailure: true }).then((help) => help.stdout.includes("cues_to_front"));
    cuesToFrontSupport.set(binary, known);
  }
  return known;
}

/**
 * Copies the first audio stream of `input` (a file path, or a stream such as the concatenated
 * MediaRecorder chunks — read as it comes, never held whole) into a seekable WebM at
 * `outputPath`. The output appears only when complete and checked; throws otherwise.
 */
export async function remuxToSeekableWebm(input: string | NodeJS.ReadableStream, outputPath: string): Promise<SeekableWebm> {
  const partial = path.join(path.dirname(outputPath), `.${path.basename(outputPath)}.${randomUUID()}.partial`);
  const front = (await canPutCuesInFront()) ? ["-cues_to_front", "1"] : [];
  try {
    await runFfmpeg(
      ["-v", "error", "-i", typeof input === "string" ? input : "pipe:0", "-map", "0:a:0", "-c", "copy", "-dash", "1", ...front, "-f", "webm", "-y", partial],
      { input: typeof input === "string" ? undefined : input },
    );
    const layout = await readWebmLayout(partial);
    if (layout.durationMs === null || !layout.cuePoints.length) {
      throw new Error(`ffmpeg (${ffmpegPath()}) wrote no ${layout.durationMs === null ? "Duration" : "Cues"}; the recording would not be seekable.`);
    }
    const { size } = await fs.stat(partial);
    await fs.rename(partial, outputPath);
    return {
      durationMs: layout.durationMs,
      hasCues: true,
      cuesAtFront: layout.cuesPosition !== null && layout.cuesPosition < (layout.clusterPositions[0] ?? Infinity),
      cuePoints: layout.cuePoints.length,
      bytes: size,
    };
  } finally {
    await fs.rm(partial, { force: true });
  }
}
