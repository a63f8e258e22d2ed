import "server-only";
import { db } from "@/lib/db/client";

/*
 * The translations table as a cache with claims: a row with text is a translation made once and
 * kept; a row without text is a claim, held until `claimed_until` by the process making it. A
 * process claims only rows nobody has made or holds, so one provider call makes each
 * translation, however many processes want it at once; the others wait for the text.
 */

type SourceType = "message" | "transcript" | "summary" | "segment";

/** The texts wanted from one source type into one language, in one district. */
export type TranslationScope = { districtId: string; sourceType: SourceType; language: string };

/** One text of a source: a message (part 0), a recording's transcript or summary (0), or a segment (its index). */
export type TranslationPart = { sourceId: string; part: number };

export const partKey = (p: TranslationPart) => `${p.sourceId}:${p.part}`;

const columns = (parts: TranslationPart[]) => ({ ids: parts.map((p) => p.sourceId), numbers: parts.map((p) => p.part) });

/** The stored translations among `parts`, by partKey. */
export async function storedTranslations(scope: TranslationScope, parts: TranslationPart[]): Promise<Map<string, string>> {
  return (await textsAndClaims(scope, parts)).found;
}

/**
 * The texts of `parts` and whether any without one is still claimed (being made somewhere), in
 * ONE statement: read apart, a text stored between the two reads would be neither found nor
 * waited for.
 */
async function textsAndClaims(scope: TranslationScope, parts: TranslationPart[]): Promise<{ found: Map<string, string>; claimed: boolean }> {
  if (!parts.length) return { found: new Map(), claimed: false };
  const { ids, numbers } = columns(parts);
  const rows = await db().$queryRaw<{ source_id: string; part: number; text: string | null; live: boolean }[]>`
    select t.source_id, t.part, t.text, (t.claimed_until > now()) as live from translations t
      join unnest(${ids}::text[], ${numbers}::int[]) as w(source_id, part) on w.source_id = t.source_id and w.part = t.part
     where t.source_type = ${scope.sourceType} and t.language = ${scope.language} and t.district_id = ${scope.districtId}`;
  const found = new Map<string, string>();
  for (const r of rows) if (r.text !== null) found.set(partKey({ sourceId: r.source_id, part: r.part }), r.text);
  return { found, claimed: rows.some((r) => r.text === null && r.live) };
}

/** Claims the parts that are neither made nor held by a live claim, for `seconds`; answers those claimed. */
export async function claimTranslations(scope: TranslationScope, parts: TranslationPart[], seconds: number): Promise<TranslationPart[]> {
  if (!parts.length) return [];
  const { ids, numbers } = columns(parts);
  const rows = await db().$queryRaw<{ source_id: string; part: number }[]>`
    insert into translations (source_type, source_id, part, language, district_id, claimed_until)
    select ${scope.sourceType}, w.source_id, w.part, ${scope.language}, ${scope.districtId}, now() + make_interval(secs => ${seconds})
      from unnest(${ids}::text[], ${numbers}::int[]) as w(source_id, part)
    on conflict (source_type, source_id, part, language) do update set claimed_until = excluded.claimed_until
     where translations.text is null and translations.claimed_until < now() and translations.district_id = excluded.district_id
    returning source_id, part`;
  return rows.map((r) => ({ sourceId: r.source_id, part: r.part }));
}

/** Stores the texts of claimed parts (in order), ending their claims. */
export async function storeTranslations(scope: TranslationScope, parts: TranslationPart[], texts: string[], provider: string) {
  if (!parts.length) return;
  const { ids, numbers } = columns(parts);
  await db().$executeRaw`
    update translations t set text = v.text, provider = ${provider}, claimed_until = null
      from unnest(${ids}::text[], ${numbers}::int[], ${texts}::text[]) as v(source_id, part, text)
     where t.source_type = ${scope.sourceType} and t.language = ${scope.language} and t.district_id = ${scope.districtId}
       and t.source_id = v.source_id and t.part = v.part and t.text is null`;
}

/** Gives claims back after a failure, so that the next reader tries again. */
export async function releaseTranslations(scope: TranslationScope, parts: TranslationPart[]) {
  if (!parts.length) return;
  const { ids, numbers } = columns(parts);
  await db().$executeRaw`
    delete from translations t using unnest(${ids}::text[], ${numbers}::int[]) as v(source_id, part)
     where t.source_type = ${scope.sourceType} and t.language = ${scope.language} and t.district_id = ${scope.districtId}
       and t.source_id = v.source_id and t.part = v.part and t.text is null`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most `timeoutMs`) for parts claimed elsewhere; answers the texts that arrived. */
export async function waitForTranslations(scope: TranslationScope, parts: TranslationPart[], timeoutMs: number): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const { found, claimed } = await textsAndClaims(scope, parts);
    if (parts.every((p) => found.has(partKey(p))) || !claimed || Date.now() >= deadline) return found;
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
  }
}
