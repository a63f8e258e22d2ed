import { translator } from "@/lib/ai/providers";
import { db } from "@/lib/db/client";

/** A message as the translation cache needs it. */
export type Translatable = { id: string; body: string; language: string; kind: string };

/** A provider that has not answered in this time counts as unavailable for this request (its answer is still kept). */
const TRANSLATE_TIMEOUT_MS = 20_000;

/** Translations being made in this process, by "<message id>:<language>": concurrent readers share one provider call. */
const inFlight = new Map<string, Promise<string | undefined>>();

const keyOf = (messageId: string, language: string) => `${messageId}:${language}`;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), TRANSLATE_TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Translates `group` (messages of one source language) into `target` with one provider call
 * and stores the results; resolves to them, in order, or to undefineds when no provider can
 * (none configured, the pair not supported, a failure): then nothing is stored.
 */
async function translateGroup(group: Translatable[], from: string, target: string): Promise<(string | undefined)[]> {
  const engine = translator();
  if (!engine || !engine.supports(from, target)) return group.map(() => undefined);
  try {
    const texts = await engine.translate(
      group.map((m) => m.body),
      from,
      target,
    );
    await db().messageTranslation.createMany({
      data: group.map((m, i) => ({ messageId: m.id, language: target, body: texts[i] })),
      skipDuplicates: true,
    });
    return texts;
  } catch (error) {
    console.error(`[messages] translation ${from} → ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
    return group.map(() => undefined);
  }
}

/**
 * Bodies of `messages` in `target` (a reading language): from the cache (message_translations),
 * else translated now, once per message and language, with one provider call per source
 * language, and cached. Messages already in `target` and notices are left out; a message
 * missing from the result has no translation ("unavailable").
 */
export async function translationsInto(messages: Translatable[], target: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const needed = messages.filter((m) => m.kind === "message" && m.language !== target);
  if (!needed.length) return result;
  const cached = await db().messageTranslation.findMany({
    where: { language: target, messageId: { in: needed.map((m) => m.id) } },
    select: { messageId: true, body: true },
  });
  for (const row of cached) result.set(row.messageId, row.body);

  const pending: Promise<void>[] = [];
  const bySource = new Map<string, Translatable[]>();
  for (const message of needed) {
    if (result.has(message.id)) continue;
    const running = inFlight.get(keyOf(message.id, target));
    if (running) {
      pending.push(withTimeout(running, undefined).then((body) => void (body !== undefined && result.set(message.id, body))));
      continue;
    }
    const group = bySource.get(message.language) ?? [];
    group.push(message);
    bySource.set(message.language, group);
  }
  for (const [from, group] of bySource) {
    const call = translateGroup(group, from, target);
    group.forEach((message, i) => {
      const key = keyOf(message.id, target);
      const one = call.then((texts) => texts[i]);
      inFlight.set(key, one);
      void one.finally(() => inFlight.delete(key));
      pending.push(withTimeout(one, undefined).then((body) => void (body !== undefined && result.set(message.id, body))));
    });
  }
  await Promise.all(pending);
  return result;
}

/** The same for several reading languages at once (the readers of a new message): language → id → body. */
export async function translationsIntoEach(messages: Translatable[], targets: Iterable<string>): Promise<Map<string, Map<string, string>>> {
  const languages = [...new Set(targets)];
  const maps = await Promise.all(languages.map((language) => translationsInto(messages, language)));
  return new Map(languages.map((language, i) => [language, maps[i]]));
}
