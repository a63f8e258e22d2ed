import "server-only";
import fs from "node:fs";
import path from "node:path";
import { decodeToWav16kMono } from "@/lib/media/decode";
import { withTempDir } from "@/lib/media/temp-dir";
import { countAiCall } from "./call-counts";
import { providerFailure } from "./provider-failure";
import { findOnPath, runProgram } from "./run-program";
import type { Transcript, TranscriptSegment } from "./transcript";

/**
 * pocketsphinx_continuous on PATH, when its US English model (Debian: pocketsphinx-en-us) is
 * installed beside it where the binary looks by default; null otherwise.
 */
export function findPocketsphinx(): string | null {
  const command = findOnPath("pocketsphinx_continuous");
  if (!command) return null;
  const model = path.join(path.dirname(command), "..", "share", "pocketsphinx", "model", "en-us", "en-us", "mdef");
  return fs.existsSync(model) ? command : null;
}

// With `-time yes` each utterance prints its hypothesis, then one line per word:
// "word start end confidence"; "<s>" and "</s>" open and close the utterance.
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;
// Fillers: silence, breath, noise ("<sil>", "[NOISE]", "++BREATH++").
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** Utterance text as a sentence: pocketsphinx gives lower-case words without punctuation. */
function asSentence(words: string[]) {
  const text = words.join(" ").replace(/\bi\b/g, "I");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function parseTimedOutput(output: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: Array<{ word: string; start: number; end: number }> = [];
  const close = () => {
    if (words.length) segments.push({ start: words[0].start, end: words[words.length - 1].end, text: asSentence(words.map((w) => w.word)), language: "en" });
    words = [];
  };
  for (const line of output.split("\n")) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token, start, end] = match;
    if (token === "</s>") close();
    if (FILLER.test(token)) continue;
    // Alternative pronunciations are numbered: "tomorrow(2)".
    words.push({ word: token.replace(/\(\d+\)$/, ""), start: Number(start), end: Number(end) });
  }
  close();
  return segments;
}

/**
 * Offline speech-to-text: CMU pocketsphinx with its US English model. It knows English only,
 * so the language is always "en"; accuracy is far below whisper's, especially on unclear audio.
 */
export async function transcribeWithPocketsphinx(command: string, file: string): Promise<Transcript> {
  countAiCall("transcribe");
  return withTempDir(async (dir) => {
    const wav = await decodeToWav16kMono(file, dir);
    let output: string;
    try {
      output = await runProgram(command, ["-infile", wav, "-time", "yes", "-logfn", "/dev/null"]);
    } catch (error) {
      throw providerFailure("Speech-to-text (pocketsphinx)", error);
    }
    const segments = parseTimedOutput(output);
    return { text: segments.map((s) => s.text).join(" "), language: "en", segments, provider: "pocketsphinx" };
  });
}
