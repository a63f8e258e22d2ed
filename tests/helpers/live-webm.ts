import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runFfmpeg } from "@/lib/media/ffmpeg";

/**
 * Test audio shaped like MediaRecorder's: a live WebM (no Duration, no Cues) of Opus audio,
 * made by ffmpeg (`-f lavfi -i sine=… -c:a libopus -f webm -live 1`), and cut into chunks at arbitrary byte offsets, as a
 * timeslice cuts a recording (the chunks concatenate back into the stream).
 */
export async function liveWebm(seconds: number, { frequency = 440 } = {}): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-audio-helper-"));
  try {
    const file = path.join(dir, "live.webm");
    await runFfmpeg([
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${frequency}:duration=${seconds}`,
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      "-f",
      "webm",
      "-live",
      "1",
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `bytes` in `count` pieces of about the same size. */
export function cut(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, Math.min((i + 1) * size, bytes.length))).filter((b) => b.length);
}
