import "server-only";
import { runFfmpeg } from "./ffmpeg";

const CONTAINER_DURATION = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const PROGRESS_TIME = /^out_time_ms=(\d+)$/gm;

/**
 * The length of a media file's audio, in milliseconds. ffprobe is not shipped with the npm
 * ffmpeg, so this reads what `ffmpeg -i` prints; a file without a written duration (a live
 * WebM says "Duration: N/A") is read through to the end with the null muxer instead.
 */
export async function audioDurationMs(file: string): Promise<number> {
  const probe = await runFfmpeg(["-i", file], { allowFailure: true });
  const match = CONTAINER_DURATION.exec(probe.stderr);
  if (match) return Math.round((Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) * 1000);

  // -progress reports `out_time_ms` in microseconds despite its name (in 4.1 and later alike).
  const counted = await runFfmpeg(["-v", "error", "-i", file, "-map", "0:a:0", "-c", "copy", "-f", "null", "-progress", "pipe:1", "-"]);
  const times = [...counted.stdout.matchAll(PROGRESS_TIME)];
  if (!times.length) throw new Error(`ffmpeg reported no duration for ${file}.`);
  return Math.round(Number(times[times.length - 1][1]) / 1000);
}
