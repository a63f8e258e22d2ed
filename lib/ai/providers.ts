/*
 * Which engine does each AI capability, decided here only, from the settings:
 *   OPENAI_API_KEY or OPENAI_BASE_URL set → the OpenAI-compatible service for all three;
 *   otherwise offline engines: pocketsphinx (English speech-to-text) when installed, an
 *   extractive summary (always), apertium (installed pairs, e.g. eng↔spa) for translation.
 */
import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { apertiumInstalled, apertiumSupports, translateWithApertium } from "./apertium";
import { extractiveSummary } from "./extractive-summary";
import { toLanguageCode } from "./languages";
import { openAiClient } from "./openai-client";
import { transcribeWithOpenAi } from "./openai-speech";
import { summarizeWithOpenAi, translateWithOpenAi } from "./openai-text";
import { findPocketsphinx, transcribeWithPocketsphinx } from "./pocketsphinx";
import type { SpeechProviderName, Transcript } from "./transcript";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("ai");

export type SpeechToText = {
  name: SpeechProviderName;
  /** The largest file one request may carry (TRANSCRIBE_MAX_BYTES; no limit for a local engine). */
  maxRequestBytes: number;
  transcribe(file: string): Promise<Transcript>;
};

/** The speech-to-text engine of the current settings; throws ai_unavailable when there is none. */
export function speechToText(): SpeechToText {
  const client = openAiClient();
  if (client) return { name: "openai", maxRequestBytes: env().TRANSCRIBE_MAX_BYTES, transcribe: (file) => transcribeWithOpenAi(client, file) };
  const pocketsphinx = findPocketsphinx();
  if (pocketsphinx) return { name: "pocketsphinx", maxRequestBytes: Infinity, transcribe: (file) => transcribeWithPocketsphinx(pocketsphinx, file) };
  throw new AppError(
    "ai_unavailable",
    "No speech-to-text is available: set OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server), or install pocketsphinx and pocketsphinx-en-us.",
  );
}

/** Transcribes one file in one request (see transcribeAudioFile for recordings of any length). */
export async function transcribe(file: string): Promise<Transcript> {
  return speechToText().transcribe(file);
}

export type Summary = { summary: string; provider: "openai" | "extractive" };

/** A summary in `language` (BCP 47). Always answers: the offline extractive summary is the fallback. */
export async function summarize(text: string, language: string): Promise<Summary> {
  const client = openAiClient();
  if (client && text.trim()) {
    try {
      return { summary: await summarizeWithOpenAi(client, text, language), provider: "openai" };
    } catch (error) {
      log.warn({ err: error }, "the summary provider failed; using the extractive summary");
    }
  }
  return { summary: extractiveSummary(text, language), provider: "extractive" };
}

export type Translator = {
  name: "openai" | "apertium";
  /** Whether texts can go from → to (BCP 47); when not, callers show the original. */
  supports(from: string, to: string): boolean;
  /** The translations, in order; blank texts and same-language calls make no request. Throws ai_unavailable. */
  translate(texts: string[], from: string, to: string): Promise<string[]>;
};

function makeTranslator(
  name: Translator["name"],
  supports: (from: string, to: string) => boolean,
  translateTexts: (texts: string[], from: string, to: string) => Promise<string[]>,
): Translator {
  const code = (language: string) => toLanguageCode(language) ?? language;
  return {
    name,
    supports: (from, to) => code(from) === code(to) || supports(code(from), code(to)),
    async translate(texts, from, to) {
      const result = [...texts];
      if (code(from) === code(to)) return result;
      const pending = texts.flatMap((text, index) => (text.trim() ? [{ text, index }] : []));
      if (!pending.length) return result;
      const translated = await translateTexts(
        pending.map((p) => p.text),
        code(from),
        code(to),
      );
      pending.forEach((p, i) => (result[p.index] = translated[i]));
      return result;
    },
  };
}

/** The translator of the current settings, or null when none is available ("translation unavailable"). */
export function translator(): Translator | null {
  const client = openAiClient();
  if (client)
    return makeTranslator(
      "openai",
      () => true,
      (texts, from, to) => translateWithOpenAi(client, texts, from, to),
    );
  if (apertiumInstalled()) return makeTranslator("apertium", apertiumSupports, translateWithApertium);
  return null;
}
