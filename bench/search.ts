/**
 * `npm run bench:search`: GET /api/search on a large district, through the real route module
 * (wrapper, authentication, parsing, the search, a real database) in this process.
 *
 *   1. a fresh database: embedded PGlite in a temporary folder, or, when DATABASE_URL is set,
 *      a fresh database `cas_bench_search` on that (local) server
 *   2. seeded with set-based SQL (generate_series; text drawn from a vocabulary per language,
 *      a few words common, most rare): 10,000 people (200 mentors with 49 candidates each),
 *      10,000 interviews (answers in English, Spanish and French, one private field), 1,000
 *      recordings of an hour with their transcripts as 120,000 passages of 30 s (9 million words),
 *      200,000 messages in 2,000 conversations (English, Spanish, French) and 13,000 translations.
 *      People, interviews, recordings and messages are indexed by the triggers as they are
 *      inserted; passages are written as the transcript job writes them. Then ANALYZE.
 *   3. each typical query (a name, a prefix, a typo, topic words, a phrase, a rare and a common
 *      word) BENCH_SEARCH_RUNS times (20) after 3 warm-ups, as an admin, a mentor and a candidate
 *
 * BENCH_SEARCH_SCALE=0.2 seeds a fifth of it. Prints the seeding time, p50/p95/p99 per role and query kind, and the process's peak RSS. It never asserts.
 */
import os from "node:os";
import pg from "pg";
import { migratedBenchDatabase, mb, memoryOf, startBench, summarize } from "./harness";

const bench = startBench({ timeLimitS: 1200 });
const { log } = bench;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 20);
/** BENCH_SEARCH_SCALE (1): a fraction of the district, for a quick look. */
const SCALE = Number(process.env.BENCH_SEARCH_SCALE ?? 1);
const PEOPLE = Math.round(10_000 * SCALE);
const MENTORS = 200;
const INTERVIEWS = Math.round(10_000 * SCALE);
const RECORDINGS = Math.round(1_000 * SCALE);
const PASSAGES_PER_RECORDING = 120;
const CONVERSATIONS = Math.round(2_000 * SCALE);
const MESSAGES_PER_CONVERSATION = 100;

const FIRST = [
  "John",
  "Cleo",
  "Maria",
  "Ana",
  "Luis",
  "Chloé",
  "Pierre",
  "Sofia",
  "Lucas",
  "Emma",
  "Noah",
  "Olivia",
  "Liam",
  "Mia",
  "Hugo",
  "Inès",
  "Mateo",
  "Lea",
  "Diego",
  "Camila",
];
const LAST = [
  "Whitfield",
  "Smith",
  "García",
  "Martin",
  "Dubois",
  "Lopez",
  "Bernard",
  "Silva",
  "Moreau",
  "Hernández",
  "Johnson",
  "Lefebvre",
  "Torres",
  "Brown",
  "Petit",
  "Ramos",
  "Wilson",
  "Roux",
  "Castro",
  "Taylor",
];

/** A vocabulary of `size` made-up words with the language's endings, with real words put at given ranks (rank 0 is the most common). */
function vocabulary(seed: number, endings: string[], real: Record<number, string>, size = 3000) {
  const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "te", "vi", "do", "pa", "ri", "co", "la", "be", "nu", "fo", "gi", "ha", "ju", "ze"];
  const words: string[] = [];
  for (let i = 0; words.length < size; i++) {
    const n = i * 7919 + seed;
    words.push(syllables[n % 20] + syllables[Math.floor(n / 20) % 20] + syllables[Math.floor(n / 400) % 20] + endings[i % endings.length]);
  }
  for (const [rank, word] of Object.entries(real)) words[Number(rank)] = word;
  return words;
}

const VOCAB = {
  en: vocabulary(1, ["tion", "ing", "ness", "er"], { 0: "program", 5: "community", 40: "leadership", 200: "scholarship", 300: "interview" }),
  es: vocabulary(2, ["ción", "ando", "idad", "ero"], { 0: "programa", 10: "entrevista", 30: "entrevistas", 50: "comunidad", 80: "liderazgo" }),
  fr: vocabulary(3, ["ment", "eux", "ité", "age"], { 0: "programme", 10: "entretien", 50: "communauté", 90: "direction" }),
};

const QUERIES: Array<[kind: string, q: string]> = [
  ["name", "Whitfield"],
  ["full name", "Cleo Whitfield"],
  ["prefix", "Whit"],
  ["typo", "Jonh"],
  ["topic word", "leadership"],
  ["topic word (es)", "entrevistas"],
  ["phrase", '"community leadership"'],
  ["rare word", "aurora"],
  ["common word", "program"],
];

bench.run(async () => {
  const { url } = await migratedBenchDatabase(bench, "cas_bench_search");

  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const searchRoute = await import("@/app/api/search/route");

  const { district, person: admin, roles } = await createDistrict({ name: "Bench search", adminEmail: "admin@bench-search.test" });
  const d = district.id;
  const form = await db().form.create({
    data: {
      districtId: d,
      name: "Interview",
      fields: [
        { id: "story", type: "text", label: { en: "Story" } },
        { id: "goals", type: "text", label: { en: "Goals" } },
        { id: "notes", type: "text", label: { en: "Board notes" }, p: 1 },
      ],
    },
  });

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  bench.onCleanup(() => client.end());
  /** A seeding statement, timed from its start (the query's promise is made as it is sent). */
  const timed = async <T>(label: string, work: Promise<T>) => {
    const t0 = performance.now();
    const res = await work;
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return res;
  };
  const seedStart = performance.now();
  log("seeding");
  await client.query("select setseed(0.42)");
  // Bulk loading: the text indexes gather new entries in GIN's pending list (merged in bulk, and
  // once more at the end) rather than row by row, and the audit trail's triggers (their own
  // bench's subject) are off meanwhile.
  const textIndexes = await client.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename = 'search_documents' and indexdef like '%USING gin (tsv)%'`,
  );
  for (const { name } of textIndexes.rows) await client.query(`alter index "${name}" set (fastupdate = on)`);
  const auditTriggers = await client.query<{ t: string; g: string }>(
    `select c.relname as t, g.tgname as g from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname like 'audit\\_%' and not g.tgisinternal and c.relname <> 'audit_events'`,
  );
  const setAudit = (on: boolean) =>
    client.query(`do $$ begin ${auditTriggers.rows.map((r) => `alter table "${r.t}" ${on ? "enable" : "disable"} trigger "${r.g}";`).join(" ")} end $$`);
  if (auditTriggers.rows.length) await setAudit(false);
  // Words drawn with a skewed distribution: the first ranks in most texts, the last in few.
  await client.query(`create function pg_temp.bench_words(vocab text[], n int) returns text language sql volatile as $$
    select string_agg(vocab[1 + floor(cardinality(vocab) * power(random(), 2.5))::int], ' ') from generate_series(1, n) $$`);
  const words = (n: number, lang: string) => `pg_temp.bench_words($${lang === "en" ? 2 : lang === "es" ? 3 : 4}::text[], ${n})`;
  const vocab = [VOCAB.en, VOCAB.es, VOCAB.fr];

  await timed(
    `${PEOPLE.toLocaleString("en")} people`,
    client.query(
      `insert into people (id, district_id, first, last, email, email_key, roles, language, updated_at)
     select 'bp' || g, $1, ($2::text[])[1 + g % cardinality($2::text[])], ($3::text[])[1 + (g / 20) % cardinality($3::text[])],
            'person' || g || '@bench-search.test', 'person' || g || '@bench-search.test',
            jsonb_build_object(case when g <= $4 then $5 else $6 end, 1), (array['en', 'es', 'fr'])[1 + g % 3], now()
       from generate_series(1, $7::int) g`,
      [d, FIRST, LAST, MENTORS, roles.mentor, roles.candidate, PEOPLE],
    ),
  );
  await timed(
    "mentor assignments",
    client.query(
      `insert into mentor_assignments (district_id, mentor_id, candidate_id) select $1, 'bp' || (1 + g % $2), 'bp' || g from generate_series($2 + 1, $3::int) g`,
      [d, MENTORS, PEOPLE],
    ),
  );
  await timed(
    `${INTERVIEWS.toLocaleString("en")} interviews`,
    client.query(
      `insert into interviews (id, district_id, person_id, date, form_id, published, responses, updated_at)
     select 'bi' || g, $1, 'bp' || ($5 + 1 + (g - 1) % ($6 - $5)), '2026-0' || (1 + g % 9) || '-1' || (g % 10), $7, g % 10 < 7,
            jsonb_build_object('story', jsonb_build_object('en', ${words(30, "en")}, 'es', ${words(30, "es")}),
                               'goals', jsonb_build_object('fr', ${words(20, "fr")}),
                               'notes', jsonb_build_object('en', ${words(15, "en")})), now()
       from generate_series(1, $8::int) g`,
      [d, ...vocab, MENTORS, PEOPLE, form.id, INTERVIEWS],
    ),
  );
  await timed(
    `${RECORDINGS.toLocaleString("en")} recordings`,
    client.query(
      `insert into audio_recordings (id, district_id, interview_id, person_id, name, language, summary, summary_language, duration_ms, finalized_at, updated_at)
     select 'br' || g, $1, i.id, i.person_id, jsonb_build_object('en', 'Interview recording ' || g), 'en', ${words(60, "en")}, 'en', 3600000, now(), now()
       from generate_series(1, $3::int) g join interviews i on i.id = 'bi' || g and i.district_id = $1`,
      [d, VOCAB.en, RECORDINGS],
    ),
  );
  for (let from = 1; from <= RECORDINGS; from += 100) {
    const to = Math.min(RECORDINGS, from + 99);
    await timed(
      `transcript passages of recordings ${from}-${to}`,
      client.query(
        `insert into search_documents (kind, source_id, part, district_id, person_id, interview_id, recording_id, language, at_ms, body, config, tsv)
       select 'transcript', r.id, s::text, $1, r.person_id, r.interview_id, r.id, l.lang, s * 30000, b.body, search_config(l.lang), to_tsvector(search_config(l.lang)::regconfig, b.body)
         from generate_series($5::int, $6::int) g
         join audio_recordings r on r.id = 'br' || g and r.district_id = $1
         cross join lateral (select (array['en', 'es', 'fr'])[1 + g % 3] as lang) l
         cross join generate_series(0, ${PASSAGES_PER_RECORDING - 1}) s
         cross join lateral (select case l.lang when 'en' then ${words(75, "en")} when 'es' then ${words(75, "es")} else ${words(75, "fr")} end
                                    || case when (g * ${PASSAGES_PER_RECORDING} + s) % 2400 = 0 then ' aurora' else '' end as body) b`,
        [d, ...vocab, from, to],
      ),
    );
  }
  await timed(
    `${CONVERSATIONS.toLocaleString("en")} conversations`,
    client.query(`insert into conversations (id, district_id, seq) select 'bc' || c, $1, $2 from generate_series(1, $3::int) c`, [
      d,
      MESSAGES_PER_CONVERSATION,
      CONVERSATIONS,
    ]),
  );
  await timed(
    "participants",
    client.query(
      `insert into conversation_participants (conversation_id, person_id, district_id)
     select 'bc' || c, p, $1 from generate_series(1, $3::int) c
      cross join lateral unnest(array['bp' || (1 + c % $2), 'bp' || ($2 + c)] || case when c <= 50 then array[$4::text] else '{}'::text[] end) p`,
      [d, MENTORS, CONVERSATIONS, admin.id],
    ),
  );
  for (let from = 1; from <= CONVERSATIONS; from += 200) {
    const to = Math.min(CONVERSATIONS, from + 199);
    await timed(
      `messages of conversations ${from}-${to}`,
      client.query(
        `insert into messages (id, district_id, conversation_id, sender_id, body, language, seq)
       select 'bm' || c || '_' || s, $1, 'bc' || c, case when s % 2 = 0 then 'bp' || (1 + c % $7) else 'bp' || ($7 + c) end,
              case (c + s) % 3 when 0 then ${words(12, "en")} when 1 then ${words(12, "es")} else ${words(12, "fr")} end,
              (array['en', 'es', 'fr'])[1 + (c + s) % 3], s
         from generate_series($5::int, $6::int) c cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) s`,
        [d, ...vocab, from, to, MENTORS],
      ),
    );
  }
  await timed(
    "translations into English (the first 200 conversations)",
    client.query(
      `insert into translations (source_type, source_id, part, language, district_id, text, provider)
     select 'message', m.id, 0, 'en', $1, ${words(12, "en")}, 'bench' from messages m
      where m.district_id = $1 and m.language <> 'en' and m.conversation_id in (select 'bc' || c from generate_series(1, 200) c)`,
      [d, VOCAB.en],
    ),
  );
  if (auditTriggers.rows.length) await setAudit(true);
  for (const { name } of textIndexes.rows) {
    await timed(`text index ${name}: pending entries merged`, client.query("select gin_clean_pending_list($1::regclass)", [name]));
    await client.query(`alter index "${name}" set (fastupdate = off)`);
  }
  await timed("analyze", client.query("analyze"));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const counts = await client.query<{ kind: string; n: string }>(
    `select kind, count(*) as n from search_documents where district_id = $1 group by kind order by kind`,
    [d],
  );
  const words9 = await client.query<{ w: string }>(
    `select sum(array_length(regexp_split_to_array(body, ' '), 1)) as w from search_documents where district_id = $1 and kind = 'transcript'`,
    [d],
  );
  log(
    `seeded in ${seedSeconds.toFixed(0)} s: ${counts.rows.map((r) => `${r.kind} ${Number(r.n).toLocaleString("en")}`).join(", ")}; transcript words ${Number(words9.rows[0].w).toLocaleString("en")}`,
  );

  const tokens = {
    admin: (await createSessionFor("admin@bench-search.test", d))!.token,
    mentor: (await createSessionFor("person1@bench-search.test", d))!.token,
    candidate: (await createSessionFor(`person${MENTORS + 1}@bench-search.test`, d))!.token,
  };
  const once = async (token: string, q: string) => {
    const t0 = performance.now();
    const res = await searchRoute.GET(
      new Request(`http://localhost/api/search?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } }),
      {
        params: Promise.resolve({}),
      },
    );
    const body = await res.json();
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, hits: body.results.length as number };
  };
  const all: number[] = [];
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  log(`load average at the start of the queries: ${load()} (${os.cpus().length} CPUs)`);
  for (const [role, token] of Object.entries(tokens)) {
    const ofRole: number[] = [];
    for (const [kind, q] of QUERIES) {
      for (let i = 0; i < 3; i++) await once(token, q);
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await once(token, q);
        times.push(r.ms);
        hits = r.hits;
      }
      ofRole.push(...times);
      const s = summarize(times);
      log(
        `${role.padEnd(9)} ${kind.padEnd(16)} ${JSON.stringify(q).padEnd(24)} ${String(hits).padStart(2)} hits  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms`,
      );
    }
    const s = summarize(ofRole);
    all.push(...ofRole);
    log(`${role.padEnd(9)} all queries: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms (${s.n} requests)`);
  }
  const s = summarize(all);
  log(`load average at the end: ${load()}`);
  log(`every role and query: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms; seeding ${seedSeconds.toFixed(0)} s`);
  log(
    `peak RSS of this process${process.env.DATABASE_URL?.includes("cas_bench_search") ? "" : " (with the embedded database)"}: ${mb(memoryOf(process.pid).hwm)}`,
  );
  // BENCH_SEARCH_HOLD_S: the seeded database stays up that long (a look at query plans), then goes.
  const hold = Number(process.env.BENCH_SEARCH_HOLD_S ?? 0);
  if (hold > 0) {
    log(`holding the database for ${hold} s at ${url}`);
    await new Promise((r) => setTimeout(r, hold * 1000));
  }
  await disconnectDb();
});
