import "server-only";
import { actorPersonId, seesAllPeople, type Ctx } from "@/lib/auth/context";
import { seesAllInterviews, visibleInterviewsSql } from "@/lib/interviews/visibility";
import { readingLanguage } from "@/lib/messages/reading-language";
import { visiblePeopleSql } from "@/lib/people/visibility";
import { CANDIDATES_PER_GROUP as CANDIDATES, type SearchGroup } from "./schemas";

/**
 * The documents of each group that the caller may read and that match the words, as one SELECT
 * each (lib/search/search-everything.ts joins them). Visibility is decided here, against the
 * live source rows, with the rules of the endpoints that show them: people by
 * visiblePeopleSql, interviews (their answers, recordings, attachments) by visibleInterviewsSql,
 * messages by the caller's participation (lib/messages/find-participation.ts). Each SELECT takes
 * at most CANDIDATES rows: a word found in more documents of one group is ranked among the first
 * CANDIDATES found (docs/architecture.md "Search").
 */
/** Text search configurations, by the language of the text (the migration's search_config). */
export const CONFIGS = ["english", "spanish", "french", "portuguese", "simple"] as const;
export type Config = (typeof CONFIGS)[number];

/** What every branch selects, in this order (the outer query reads them by name). */
const COLUMNS = `sd.kind, sd.source_id, sd.part, sd.person_id, sd.interview_id, sd.recording_id, sd.conversation_id, sd.field_id, sd.at_ms, sd.config, sd.body`;

/**
 * The placeholders of one search. `readings` are the query as each configuration reads it
 * (websearch_to_tsquery, made beforehand): configurations that read it alike share one, so that
 * the text index is scanned once per distinct reading; a configuration that reads nothing (only
 * stop words) has none.
 */
export type SearchTerms = {
  district: string;
  readings: Array<{ configs: Config[]; query: string }>;
  /** The words lower-cased, for name similarity (a placeholder made on first use: PostgreSQL refuses one it cannot type). */
  lowered: () => string;
  /** Every word as a prefix (`'cle':* & 'jo':*`), a tsquery placeholder; null when no word has a letter or digit. */
  prefixes: (() => string) | null;
  p: (value: unknown) => string;
};

/** The reading of the document's own configuration (null: no reading at all). */
export function queryOf(t: SearchTerms, alias = "sd"): string {
  if (!t.readings.length) return "null::tsquery";
  return `(case ${alias}.config ${t.readings.flatMap((r) => r.configs.map((c) => `when '${c}' then ${r.query}`)).join(" ")} end)`;
}

/**
 * `tsv @@ query`, by the text index (`indexed`), or document by document (ts_match_vq, the
 * operator's function, which no index serves): for a caller who sees few documents (a mentor, a
 * candidate, one's own conversations), those are read through their owner's index, and a common
 * word's long entry in the text index is not read once per interview or conversation.
 */
const match = (query: string, indexed: boolean) => (indexed ? `sd.tsv @@ ${query}` : `ts_match_vq(sd.tsv, ${query})`);

/** The document matches the words, read in its own language (people and file names are `simple`). */
const matches = (t: SearchTerms, indexed: boolean, onlySimple = false) => {
  const readings = t.readings.filter((r) => !onlySimple || r.configs.includes("simple"));
  if (!readings.length) return "false";
  return `(${readings
    .map((r) => (onlySimple ? match(r.query, indexed) : `(sd.config in (${r.configs.map((c) => `'${c}'`).join(", ")}) and ${match(r.query, indexed)})`))
    .join(" or ")})`;
};

/** Relevance in [0, 1): ts_rank_cd with its rank/(rank+1) normalisation. */
const rank = (t: SearchTerms) => (t.readings.length ? `ts_rank_cd(sd.tsv, ${queryOf(t)}, 32)` : "0::real");
const rankWithPrefixes = (t: SearchTerms) => (t.prefixes ? `greatest(${rank(t)}, ts_rank_cd(sd.tsv, ${t.prefixes()}, 32))` : rank(t));
const matchesWithPrefixes = (t: SearchTerms, indexed: boolean) =>
  t.prefixes ? `(${matches(t, indexed, true)} or ${match(t.prefixes(), indexed)})` : matches(t, indexed, true);

/**
 * The answers a candidate or mentor may read: those of the form's fields that are not private
 * (`p: 1`), as lib/interviews/strip-private-fields.ts (and lib/files/resolve-file.ts for file
 * fields) decide; answers of fields no longer on the form are staff-only too.
 */
function openField(t: SearchTerms, fileField: boolean) {
  return `exists (select 1 from forms f cross join lateral jsonb_array_elements(case when jsonb_typeof(f.fields) = 'array' then f.fields else '[]' end) e
                   where f.id = i.form_id and f.district_id = ${t.district} and e ->> 'id' = sd.field_id and coalesce(e ->> 'p', '') <> '1'
                     ${fileField ? `and e ->> 'type' = 'file'` : ""})`;
}

/** How alike a name must be to the words (pg_trgm word similarity): the threshold of the migration's search_similar_names. */
const SIMILAR_NAME = 0.3;

/** People (names, e-mails, tags): by their words and prefixes, and by name similarity ("Jonh" finds John). Name matches rank first (1 + …). */
function people(ctx: Ctx, t: SearchTerms, archived: boolean) {
  const seen = `${visiblePeopleSql(ctx, "p", t.p)} and ${archived ? "true" : "not p.archived"}`;
  const byWords = `select ${COLUMNS}, (1 + ${rankWithPrefixes(t)})::real as score from search_documents sd
      join people p on p.id = sd.person_id and p.district_id = ${t.district} and ${seen}
     where sd.district_id = ${t.district} and sd.kind = 'person' and ${matchesWithPrefixes(t, seesAllPeople(ctx))}
     limit ${CANDIDATES}`;
  // Everyone's names by the trigram index; the few a mentor or candidate sees, one by one.
  const byName = seesAllPeople(ctx)
    ? `select ${COLUMNS}, (1 + n.similarity)::real as score from search_similar_names(${t.district}, ${t.lowered()}) n
      join search_documents sd on sd.kind = 'person' and sd.source_id = n.person_id and sd.part = '' and sd.district_id = ${t.district}
      join people p on p.id = sd.person_id and p.district_id = ${t.district} and ${seen}
     limit ${CANDIDATES}`
    : `select ${COLUMNS}, (1 + word_similarity(${t.lowered()}, sd.name_key))::real as score from people p
      join search_documents sd on sd.kind = 'person' and sd.source_id = p.id and sd.part = '' and sd.district_id = ${t.district}
     where p.district_id = ${t.district} and ${seen} and word_similarity(${t.lowered()}, sd.name_key) >= ${SIMILAR_NAME}
     limit ${CANDIDATES}`;
  return [byWords, byName];
}

/**
 * The interview of a document, when the caller may see it: for staff and interview editors (and
 * API keys) every interview of the district, whose documents exist only while it does (foreign
 * key), so no join at all; for the others, the interview's row with its visibility.
 */
const seenInterview = (ctx: Ctx, t: SearchTerms) =>
  seesAllInterviews(ctx) ? "" : `join interviews i on i.id = sd.interview_id and i.district_id = ${t.district} and ${visibleInterviewsSql(ctx, "i", t.p)}`;

/** Interview answers (each field, each language) of the interviews the caller may see. */
function interviews(ctx: Ctx, t: SearchTerms) {
  return `select ${COLUMNS}, ${rank(t)}::real as score from search_documents sd ${seenInterview(ctx, t)}
     where sd.district_id = ${t.district} and sd.kind = 'answer' and ${matches(t, seesAllInterviews(ctx))} ${seesAllInterviews(ctx) ? "" : `and ${openField(t, false)}`}
     limit ${CANDIDATES}`;
}

/** Recordings (names, summaries) and transcript passages of the interviews the caller may see. */
function recordings(ctx: Ctx, t: SearchTerms) {
  return `select ${COLUMNS}, ${rank(t)}::real as score from search_documents sd ${seenInterview(ctx, t)}
     where sd.district_id = ${t.district} and sd.kind in ('recording', 'transcript') and ${matches(t, seesAllInterviews(ctx))}
     limit ${CANDIDATES}`;
}

/**
 * Messages of the conversations the caller takes part in (one who left reads up to their
 * leaving), and their translations into the caller's reading language only. Read conversation
 * by conversation (the documents of one lie together): the caller's messages, not the district's.
 */
function messages(ctx: Ctx, t: SearchTerms) {
  const me = actorPersonId(ctx);
  if (!me || ctx.actor.type !== "person") return null;
  const language = t.p(readingLanguage(ctx.actor.language));
  return `select x.* from conversation_participants cp
     cross join lateral (
       select ${COLUMNS}, ${rank(t)}::real as score from search_documents sd
        where sd.conversation_id = cp.conversation_id and sd.district_id = ${t.district}
          and (sd.kind = 'message' or (sd.kind = 'translation' and sd.part = ${language})) and ${matches(t, false)}
          and (cp.left_at is null or exists (select 1 from messages m where m.id = sd.source_id and m.district_id = ${t.district} and m.seq <= cp.last_read_seq))
        limit ${CANDIDATES}) x
     where cp.person_id = ${t.p(me)} and cp.district_id = ${t.district}
     limit ${CANDIDATES}`;
}

/** File names: a visible person's files, and the attachments of visible interviews (open file fields only, for candidates and mentors). */
function files(ctx: Ctx, t: SearchTerms, archived: boolean, interviewFiles: boolean) {
  const ofPeople = `select ${COLUMNS}, ${rankWithPrefixes(t)}::real as score from search_documents sd
      join people p on p.id = sd.person_id and p.district_id = ${t.district} and ${visiblePeopleSql(ctx, "p", t.p)} and ${archived ? "true" : "not p.archived"}
     where sd.district_id = ${t.district} and sd.kind = 'person_file' and ${matchesWithPrefixes(t, seesAllPeople(ctx))}
     limit ${CANDIDATES}`;
  if (!interviewFiles) return [ofPeople];
  const ofInterviews = `select ${COLUMNS}, ${rankWithPrefixes(t)}::real as score from search_documents sd ${seenInterview(ctx, t)}
     where sd.district_id = ${t.district} and sd.kind = 'interview_file' and ${matchesWithPrefixes(t, seesAllInterviews(ctx))} ${seesAllInterviews(ctx) ? "" : `and ${openField(t, true)}`}
     limit ${CANDIDATES}`;
  return [ofPeople, ofInterviews];
}

/**
 * What the caller may search: a session everything; an API key (whose route needs read:people)
 * people and their files, interview material only with read:interviews, and never messages
 * (they are for sessions only).
 */
export function searchableGroups(ctx: Ctx, asked: ReadonlySet<SearchGroup> | undefined): Set<SearchGroup> {
  const groups = new Set<SearchGroup>(asked ?? ["people", "interviews", "recordings", "messages", "files"]);
  if (ctx.actor.type === "key") {
    groups.delete("messages");
    if (!ctx.actor.scopes.has("read:interviews")) {
      groups.delete("interviews");
      groups.delete("recordings");
    }
    if (!ctx.actor.scopes.has("read:people")) {
      groups.delete("people");
    }
  }
  return groups;
}

/** The SELECTs of the groups asked for, each on its own (parenthesised, to be joined by `union all`). */
export function branches(ctx: Ctx, t: SearchTerms, groups: ReadonlySet<SearchGroup>, archived: boolean): string[] {
  const interviewMaterial = ctx.actor.type !== "key" || ctx.actor.scopes.has("read:interviews");
  const list: (string | null)[] = [];
  if (groups.has("people")) list.push(...people(ctx, t, archived));
  if (groups.has("interviews")) list.push(interviews(ctx, t));
  if (groups.has("recordings")) list.push(recordings(ctx, t));
  if (groups.has("messages")) list.push(messages(ctx, t));
  if (groups.has("files")) list.push(...files(ctx, t, archived, interviewMaterial));
  return list.filter((s): s is string => s !== null);
}
