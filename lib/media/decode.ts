import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { runFfmpeg } from "./ffmpeg";

/**
 * Decodes the first audio stream of `file` into 16 kHz mono 16-bit PCM WAV (what pocketsphinx
 * reads) inside `outDir`, and returns its path. The caller owns `outDir` (see withTempDir).
 */
export async function decodeToWav16kMono(file: string, outDir: string): Promise<string> {
  const output = path.join(outDir, `${randomUUID()}.wav`);
  await runFfmpeg(["-v", "error", "-i", file, "-map", "0:a:0", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output]);
  return output;
}
