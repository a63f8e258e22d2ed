import "server-only";
import { runFfmpeg } from "./ffmpeg";

export type Silence = { startMs: number; endMs: number };

const START = /silence_start: (-?[\d.]+)/;
const END = /silence_end: ([\d.]+)/;

/**
 * The silences of a file's first audio stream, found by ffmpeg's silencedetect: stretches of at
 * least `minSilenceMs` quieter than `noiseDb`. Speech rarely stays below -35 dBFS for 300 ms
 * except between phrases. A silence still open at the end lasts to `Infinity`.
 */
export async function detectSilences(file: string, { noiseDb = -35, minSilenceMs = 300 } = {}): Promise<Silence[]> {
  const { stderr } = await runFfmpeg([
    "-v",
    "info",
    "-nostats",
    "-i",
    file,
    "-map",
    "0:a:0",
    "-af",
    `silencedetect=noise=${noiseDb}dB:duration=${minSilenceMs / 1000}`,
    "-f",
    "null",
    "-",
  ]);
  const silences: Silence[] = [];
  let open: number | null = null;
  for (const line of stderr.split("\n")) {
    const start = START.exec(line);
    if (start) open = Math.max(0, Number(start[1]) * 1000);
    const end = END.exec(line);
    if (end && open !== null) {
      silences.push({ startMs: Math.round(open), endMs: Math.round(Number(end[1]) * 1000) });
      open = null;
    }
  }
  if (open !== null) silences.push({ startMs: Math.round(open), endMs: Infinity });
  return silences;
}
