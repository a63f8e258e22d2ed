import "server-only";
import fs from "node:fs";
import type OpenAI from "openai";
import { env } from "@/lib/env";
import { countAiCall } from "./call-counts";
import { toLanguageCode } from "./languages";
import { providerFailure } from "./provider-failure";
import type { Transcript } from "./transcript";

const seconds = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Transcribes one file (at most the provider's upload limit; the name's extension tells the
 * provider the format) with `verbose_json`, which adds the language and timed segments.
 */
export async function transcribeWithOpenAi(client: OpenAI, file: string): Promise<Transcript> {
  countAiCall("transcribe");
  let answer: OpenAI.Audio.TranscriptionVerbose;
  try {
    answer = await client.audio.transcriptions.create({
      file: fs.createReadStream(file),
      model: env().OPENAI_TRANSCRIBE_MODEL,
      response_format: "verbose_json",
    });
  } catch (error) {
    throw providerFailure("Speech-to-text", error);
  }
  const text = (answer.text ?? "").trim();
  const segments = (answer.segments ?? []).map((s) => ({ start: seconds(s.start), end: seconds(s.end), text: s.text.trim() })).filter((s) => s.text);
  // Some compatible servers return no segments: the whole text is then one segment.
  if (!segments.length && text) segments.push({ start: 0, end: seconds(answer.duration ?? 0), text });
  return { text, language: toLanguageCode(answer.language), segments, provider: "openai" };
}
