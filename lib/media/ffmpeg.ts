import "server-only";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";

/** The ffmpeg binary: FFMPEG_PATH, else the static build shipped by @ffmpeg-installer/ffmpeg. */
export function ffmpegPath(): string {
  const configured = env().FFMPEG_PATH;
  if (configured) return configured;
  try {
    // Loaded on demand: the package throws (a plain string) when its platform binary is missing.
    return (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  } catch (error) {
    throw new Error(`No ffmpeg binary: set FFMPEG_PATH or install @ffmpeg-installer/ffmpeg (${String(error)}).`);
  }
}

export type FfmpegOutput = { code: number; stdout: string; stderr: string };

type RunOptions = {
  /** Fed to ffmpeg's standard input (use "pipe:0" as the input name). */
  input?: NodeJS.ReadableStream;
  /** Resolve with the exit code instead of throwing when ffmpeg fails (`ffmpeg -i file` always does). */
  allowFailure?: boolean;
};

// What ffmpeg prints is kept for parsing (silencedetect, progress); a broken input can make it
// print a line per packet, so each stream is capped.
const MAX_CAPTURED_CHARS = 16 * 1024 * 1024;

function capture(stream: NodeJS.ReadableStream) {
  let text = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    if (text.length < MAX_CAPTURED_CHARS) text += chunk;
  });
  return () => text;
}

/** Runs ffmpeg with the given arguments and returns what it printed; throws on a non-zero exit. */
export async function runFfmpeg(args: string[], options: RunOptions = {}): Promise<FfmpegOutput> {
  const interactive = options.input ? [] : ["-nostdin"];
  // The binary is chosen at run time (FFMPEG_PATH or the npm package): nothing for the bundler to trace.
  const child = spawn(/*turbopackIgnore: true*/ ffmpegPath(), ["-hide_banner", ...interactive, ...args], {
    stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"],
  });
  const stdout = capture(child.stdout!);
  const stderr = capture(child.stderr!);
  const exited = new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  // If the input fails half-way, ffmpeg sees an early end and may still exit 0 with a truncated
  // result: the feeding error must win over ffmpeg's success.
  const fed = options.input
    ? pipeline(options.input, child.stdin!).then(
        () => null,
        (error: Error) => error,
      )
    : Promise.resolve(null);

  const [code, feedError] = await Promise.all([exited, fed]);
  if (code !== 0 && !options.allowFailure) {
    throw new Error(`ffmpeg failed (exit ${code}): ${stderr().trim().slice(-2000) || "no message"}`);
  }
  if (feedError && code === 0) throw feedError;
  return { code, stdout: stdout(), stderr: stderr() };
}
