import { detectLanguage } from "@/lib/ai/detect-language";
import { toLanguageCode } from "@/lib/ai/languages";

/**
 * The language a person reads messages in: the primary code of their `language` ("es-MX" →
 * "es"), English when it names no known language. Messages are translated once per such code.
 */
export function readingLanguage(language: string | null | undefined): string {
  return toLanguageCode(language) ?? "en";
}

/**
 * The language a message is written in, detected offline (eld) when it is posted; the sender's
 * reading language when the text is too short to tell ("ok", "Gracias").
 */
export function messageLanguage(body: string, senderLanguage: string): string {
  const fallback = readingLanguage(senderLanguage);
  return toLanguageCode(detectLanguage(body, fallback)) ?? fallback;
}
