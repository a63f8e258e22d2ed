import "server-only";
import type { Translator } from "@/lib/ai/providers";
import {
  claimTranslations,
  partKey,
  releaseTranslations,
  storedTranslations,
  storeTranslations,
  waitForTranslations,
  type TranslationPart,
  type TranslationScope,
} from "./translation-claims";

export type PartToTranslate = TranslationPart & { text: string };

/**
 * The parts in `scope.language`, from `from`: stored ones as they are; the others made with ONE
 * translator call for those this process could claim, and waited for (at most `waitMs`) when
 * another process holds them. A failed call stores nothing and frees its claims (the next reader
 * tries again). Answers what it has, by partKey; a part missing from the answer has no translation.
 */
export async function translateParts(
  scope: TranslationScope,
  parts: PartToTranslate[],
  from: string,
  translator: Translator,
  options: { claimSeconds: number; waitMs: number; onError?: (error: unknown) => void },
): Promise<Map<string, string>> {
  const result = await storedTranslations(scope, parts);
  const missing = parts.filter((p) => !result.has(partKey(p)));
  if (!missing.length) return result;
  const claimed = await claimTranslations(scope, missing, options.claimSeconds);
  if (claimed.length) {
    const byKey = new Map(missing.map((p) => [partKey(p), p]));
    try {
      const texts = await translator.translate(
        claimed.map((p) => byKey.get(partKey(p))!.text),
        from,
        scope.language,
      );
      await storeTranslations(scope, claimed, texts, translator.name);
      claimed.forEach((p, i) => result.set(partKey(p), texts[i]));
    } catch (error) {
      await releaseTranslations(scope, claimed);
      options.onError?.(error);
    }
  }
  const elsewhere = missing.filter((p) => !result.has(partKey(p)) && !claimed.some((c) => partKey(c) === partKey(p)));
  if (elsewhere.length) for (const [key, text] of await waitForTranslations(scope, elsewhere, options.waitMs)) result.set(key, text);
  return result;
}
