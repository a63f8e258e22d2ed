import "server-only";
import { translator } from "@/lib/ai/providers";
import { translateParts } from "@/lib/translations/translate-parts";
import { storedTranslations } from "@/lib/translations/translation-claims";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("messages");

/** A message as the translation cache needs it. */
export type Translatable = { id: string; body: string; language: string; kind: string };

/** A provider that has not answered in this time counts as unavailable for this request (its answer is still kept). */
const TRANSLATE_TIMEOUT_MS = 20_000;
/** How long a claim on a message's translation holds before another process may make it instead. */
const CLAIM_SECONDS = 60;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), TRANSLATE_TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Bodies of `messages` in `target` (a reading language): from the shared translations table,
 * else translated now, once per message and language across every process (a claim in the
 * table: lib/translations), with one provider call per source language, and kept. Messages
 * already in `target` and notices are left out; a message missing from the result has no
 * translation ("unavailable"): no provider, the pair not supported, a failure or a time-out.
 */
export async function translationsInto(districtId: string, messages: Translatable[], target: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const needed = messages.filter((m) => m.kind === "message" && m.language !== target);
  if (!needed.length) return result;
  const engine = translator();
  const groups = new Map<string, Translatable[]>();
  for (const m of needed) groups.set(m.language, [...(groups.get(m.language) ?? []), m]);
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const from = group[0].language;
      const scope = { districtId, sourceType: "message" as const, language: target };
      const parts = group.map((m) => ({ sourceId: m.id, part: 0, text: m.body }));
      const texts = await withTimeout(
        engine && engine.supports(from, target)
          ? translateParts(scope, parts, from, engine, {
              claimSeconds: CLAIM_SECONDS,
              waitMs: TRANSLATE_TIMEOUT_MS,
              onError: (error) => log.error({ err: error, from, to: target }, "translation failed"),
            })
          : // No provider for the pair now: what one made earlier is still served.
            storedTranslations(scope, parts),
        new Map<string, string>(),
      );
      for (const m of group) {
        const text = texts.get(`${m.id}:0`);
        if (text !== undefined) result.set(m.id, text);
      }
    }),
  );
  return result;
}

/** The same for several reading languages at once (the readers of a new message): language → id → body. */
export async function translationsIntoEach(districtId: string, messages: Translatable[], targets: Iterable<string>): Promise<Map<string, Map<string, string>>> {
  const languages = [...new Set(targets)];
  const maps = await Promise.all(languages.map((language) => translationsInto(districtId, messages, language)));
  return new Map(languages.map((language, i) => [language, maps[i]]));
}
