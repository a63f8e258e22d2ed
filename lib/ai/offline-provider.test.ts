import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runFfmpeg } from "@/lib/media/ffmpeg";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { aiCallCounts } from "./call-counts";
import { parseTimedOutput } from "./pocketsphinx";
import { speechToText, summarize, transcribe, translator } from "./providers";
import { transcribeAudioFile } from "./transcribe-audio-file";

// CI installs these Debian packages; a missing one is a failure with the fix in its message.
const TOOLS = {
  pocketsphinx_continuous: "apt-get install pocketsphinx pocketsphinx-en-us",
  "espeak-ng": "apt-get install espeak-ng",
  apertium: "apt-get install apertium apertium-eng-spa",
};

function requireTools() {
  for (const [tool, install] of Object.entries(TOOLS)) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) throw new Error(`${tool} is not installed: ${install}`);
  }
}

/** Word error rate: word-level edit distance over the reference's length. */
function wordErrorRate(reference: string, hypothesis: string) {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z' ]/g, " ")
      .split(/\s+/)
      .filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hyp.length] / ref.length;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const SPOKEN = "I would like to go to the interview tomorrow. Please send me the report by Friday.";
let dir: string;
let speech: string;

beforeAll(async () => {
  requireTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-offline-test-"));
  const synthetic = path.join(dir, "espeak.wav");
  const made = spawnSync("espeak-ng", ["-v", "en-us", "-s", "140", "-w", synthetic, SPOKEN]);
  if (made.status !== 0) throw new Error(`espeak-ng failed: ${made.stderr}`);
  // espeak writes digital silence between words, which no microphone does and which throws
  // pocketsphinx's noise tracking off: add the faint hiss (-40 dBFS) of a quiet room.
  speech = path.join(dir, "speech.wav");
  await runFfmpeg(["-v", "error", "-i", synthetic, "-af", "aeval='val(0)+0.01*(random(0)*2-1)'", speech]);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  resetEnvCache();
});

describe("pocketsphinx (offline speech-to-text)", () => {
  it("is chosen without OpenAI settings and hears the words of a clear English recording", async () => {
    expect(speechToText().name).toBe("pocketsphinx");
    const result = await transcribeAudioFile(speech);
    expect(result.provider).toBe("pocketsphinx");
    expect(result.language).toBe("en");
    expect(wordErrorRate(SPOKEN, result.text)).toBeLessThanOrEqual(0.5);
    expect(result.segments.length).toBeGreaterThan(0);
    const length = result.pieces[0].endMs / 1000;
    for (const segment of result.segments) {
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeGreaterThan(segment.start);
      expect(segment.end).toBeLessThanOrEqual(length + 0.1);
      expect(segment.language).toBe("en");
    }
  });

  it("reads word timings into one segment per utterance, without fillers", () => {
    const output = [
      "i would like to go",
      "<s> 0.000 0.120 0.999400",
      "i 0.130 0.200 0.7",
      "would 0.210 0.290 0.265072",
      "<sil> 0.300 0.670 0.808540",
      "like(2) 0.680 0.810 0.933879",
      "[NOISE] 0.820 0.900 0.5",
      "</s> 0.910 1.000 1.000000",
      "hello",
      "<s> 5.670 5.760 1.000000",
      "hello 5.770 6.100 0.7",
      "</s> 6.190 6.610 1.000000",
    ].join("\n");
    expect(parseTimedOutput(output)).toEqual([
      { start: 0.13, end: 0.81, text: "I would like.", language: "en" },
      { start: 5.77, end: 6.1, text: "Hello.", language: "en" },
    ]);
  });

  it("reports ai_unavailable, naming the settings, when neither OpenAI nor pocketsphinx is there", async () => {
    const path_ = process.env.PATH;
    process.env.PATH = fs.mkdtempSync(path.join(dir, "empty-path-"));
    try {
      const error = await rejection(transcribe(speech));
      expect(error.code).toBe("ai_unavailable");
      expect(error.message).toMatch(/OPENAI_API_KEY.*pocketsphinx/);
      expect(translator()).toBeNull();
      // The summary needs no engine at all.
      expect((await summarize("One sentence only.", "en")).provider).toBe("extractive");
    } finally {
      process.env.PATH = path_;
    }
  });
});

describe("apertium (offline translation)", () => {
  it("translates English to Spanish and back, several texts in one process", async () => {
    const t = translator()!;
    expect(t.name).toBe("apertium");
    const before = aiCallCounts().translate;
    const spanish = await t.translate(["Good morning", "", "I have a red car.", "Meet me at the #meeting with @ana"], "en", "es");
    expect(aiCallCounts().translate).toBe(before + 1);
    expect(spanish[0]).toContain("Buenos días");
    expect(spanish[1]).toBe("");
    expect(spanish[2]).toBe("Tengo un coche rojo.");
    expect(spanish[3]).toMatch(/#reunión.*@ana/);
    expect(spanish.join(" ")).not.toMatch(/[*]/);
    expect(await t.translate(["Buenos días"], "es", "en")).toEqual(["Good morning"]);
  });

  it("says which pairs it has, and refuses others as ai_unavailable", async () => {
    const t = translator()!;
    expect(t.supports("en", "es")).toBe(true);
    expect(t.supports("es-MX", "en")).toBe(true);
    expect(t.supports("en", "de")).toBe(false);
    const error = await rejection(t.translate(["Hello"], "en", "de"));
    expect(error.code).toBe("ai_unavailable");
  });
});

afterEach(() => resetEnvCache());
