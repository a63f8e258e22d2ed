import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { pool, sqlParams, sqlRows } from "@/lib/db/pool";
import { fromZod } from "@/lib/errors/app-error";
import { encodeCursor } from "@/lib/http/page-params";
import { readingLanguage } from "@/lib/messages/reading-language";
import { z } from "zod";
import { DEFAULT_LIMIT, MARK_END, MARK_START, type SearchQuery, type SearchResult } from "./schemas";
import { branches, CONFIGS, queryOf, searchableGroups, type Config, type SearchTerms } from "./search-branches";
import { resultOf, type HitRow } from "./search-result";

/** ts_headline's options: the match markers, and a passage of about 12 to 30 words around the best match. */
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MinWords=12, MaxWords=30, MaxFragments=1, ShortWord=2, HighlightAll=false`;

/** A result's cursor: its score and its document's key (the order of the results). */
const cursorKey = z.tuple([z.number(), z.string().max(500)]);

/** At most this many words of a query are used as name prefixes. */
const MAX_PREFIX_WORDS = 8;

/** `'cle':* & 'jo':*` from "Cle Jo": each word of letters and digits, as a prefix; null without one. */
export function prefixQueryText(words: string): string | null {
  const found = words
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_PREFIX_WORDS);
  return found?.length ? found.map((w) => `'${w}':*`).join(" & ") : null;
}

/** A placeholder for `value` (with a cast), made when first asked for. */
function onFirstUse(p: (value: unknown) => string, value: unknown, cast = "") {
  let name: string | undefined;
  return () => (name ??= `${p(value)}${cast}`);
}

/**
 * The query as each configuration reads it, grouped by reading (most configurations read a
 * name alike), without the configurations that read nothing; and the words as prefixes.
 */
async function readingsOf(q: string): Promise<{ readings: Array<{ configs: Config[]; query: string }>; prefixes: string | null }> {
  const prefixText = prefixQueryText(q);
  const [row] = await sqlRows<{ readings: string[]; prefixes: string | null }>(
    `select array[${CONFIGS.map((c) => `websearch_to_tsquery('${c}', $1)::text`).join(", ")}] as readings,
            case when $2::text is null then null else to_tsquery('simple', $2::text)::text end as prefixes`,
    [q, prefixText],
  );
  const byQuery = new Map<string, Config[]>();
  row.readings.forEach((reading, i) => {
    if (reading) byQuery.set(reading, [...(byQuery.get(reading) ?? []), CONFIGS[i]]);
  });
  return { readings: [...byQuery].map(([query, configs]) => ({ query, configs })), prefixes: row.prefixes || null };
}

/**
 * One page of everything the caller may read that matches `q` (GET /api/search): people first
 * (by name, e-mail, tags, and by name similarity), then answers, recordings and transcripts,
 * messages and file names, by relevance. One hit per person, interview field, recording,
 * transcript passage, message or file: the best of its documents (an answer in two languages
 * is one hit). Paged by (score, document key), which is stable while the data does not change.
 */
export async function searchEverything(ctx: Ctx, query: SearchQuery): Promise<{ results: SearchResult[]; next_cursor: string | null }> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = query.cursor ? cursorKey.safeParse(query.cursor) : undefined;
  if (after && !after.success) throw fromZod(after.error, "query");
  const groups = searchableGroups(ctx, query.type);
  const { values, p } = sqlParams();
  const { readings, prefixes } = await readingsOf(query.q);
  const terms: SearchTerms = {
    district: p(ctx.districtId),
    readings: readings.map((r) => ({ configs: r.configs, query: `${p(r.query)}::tsquery` })),
    lowered: onFirstUse(p, query.q.toLowerCase()),
    prefixes: prefixes ? onFirstUse(p, prefixes, "::tsquery") : null,
    p,
  };
  const selects = branches(ctx, terms, groups, Boolean(query.archived));
  if (!selects.length) return { results: [], next_cursor: null };
  const position = after?.success ? `and (h.score < ${p(after.data[0])}::real or (h.score = ${p(after.data[0])}::real and h.key > ${p(after.data[1])}))` : "";
  const ownReading = queryOf(terms, "h");
  const headlineQuery = terms.prefixes
    ? `case when h.kind in ('person', 'person_file', 'interview_file') then coalesce(${ownReading} || ${terms.prefixes()}, ${terms.prefixes()}) else ${ownReading} end`
    : ownReading;
  const me = p(actorPersonId(ctx) ?? "");
  const language = p(ctx.actor.type === "person" ? readingLanguage(ctx.actor.language) : "en");
  // An unnamed statement, planned with its values each time: a named one gets a generic plan after
  // five runs, which cannot see whether a word is rare or common, nor how few documents a candidate sees.
  const { rows } = await pool().query<HitRow>({
    text: `with hits as (${selects.map((s) => `(${s})`).join(" union all ")}),
     keyed as (
       select distinct on (hit) *
         from (select x.*, x.kind || ':' || x.source_id || ':' || x.part as key,
                      case when x.kind in ('answer', 'recording') then x.kind || ':' || coalesce(x.interview_id, '') || ':' || coalesce(x.field_id, x.recording_id, '')
                           when x.kind in ('message', 'translation') then 'message:' || x.source_id
                           else x.kind || ':' || x.source_id || ':' || case when x.kind = 'transcript' then x.part else '' end end as hit
                 from hits x) y
        order by hit, score desc, key
     ),
     page as (select * from keyed h where true ${position} order by h.score desc, h.key limit ${p(limit + 1)})
     select h.kind, h.source_id as "sourceId", h.person_id as "personId", h.interview_id as "interviewId", h.recording_id as "recordingId",
            h.conversation_id as "conversationId", h.field_id as "fieldId", h.at_ms as "atMs", h.score, h.key, h.body,
            coalesce(ts_headline(h.config::regconfig, h.body, ${headlineQuery}, ${p(HEADLINE)}), h.body) as snippet,
            (select json_build_object('first', pp.first, 'last', pp.last, 'archived', pp.archived) from people pp
              where pp.id = h.person_id and pp.district_id = ${terms.district}) as person,
            (select i.date from interviews i where i.id = h.interview_id and i.district_id = ${terms.district}) as "interviewDate",
            (select coalesce(r.name ->> ${language}, (select n.value from jsonb_each_text(case when jsonb_typeof(r.name) = 'object' then r.name else '{}' end) n order by n.key limit 1))
               from audio_recordings r where r.id = h.recording_id and r.district_id = ${terms.district}) as "recordingName",
            (select string_agg(cpp.first || ' ' || cpp.last, ', ' order by cpp.last, cpp.first)
               from conversation_participants cp join people cpp on cpp.id = cp.person_id and cpp.district_id = ${terms.district}
              where cp.conversation_id = h.conversation_id and cp.district_id = ${terms.district} and cp.person_id <> ${me}) as "conversationTitle"
       from page h
      order by h.score desc, h.key`,
    values,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { results: page.map(resultOf), next_cursor: more && last ? encodeCursor([last.score, last.key]) : null };
}
