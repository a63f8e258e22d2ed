/**
 * `npm run bench:writes`: the everyday writes one after another, through the app's own domain
 * functions (the statements, triggers and commits a request makes; no HTTP, no realtime push)
 * in this process, as an authenticated admin, so the audit trail's actor travels with them.
 *
 *   1. a fresh database: embedded PGlite in a temporary folder, or, when DATABASE_URL is set,
 *      a fresh database `cas_bench_writes` on that (local) server
 *   2. one district: BENCH_WRITES_PEOPLE (500) candidates with an interview each on a form of
 *      three text fields (one private), and 20 conversations of the admin with candidates 1 to 20
 *   3. BENCH_WRITES (300) rounds after 10 warm-ups; each round does every kind of write once
 *      (interleaved, so a slow moment of the machine falls on all of them): a person created,
 *      a person renamed, an interview created, an interview's answer saved, a message posted,
 *      a reaction toggled, and the candidate marking the conversation read
 *
 * Prints p50/p95/p99 and the total per kind of write, the load average, and the process's peak
 * RSS (with the embedded database, its too), and the WAL the writes made. BENCH_TRACK_FUNCTIONS=1
 * also prints the database's time per trigger function (track_functions = pl; PostgreSQL only).
 * BENCH_DISABLE_TRIGGERS=<regexp> turns off the triggers whose names match for the timed writes
 * (e.g. `^audit_`, `_search_`, `_version_`): the difference is what they cost. It never asserts.
 */
import os from "node:os";
import pg from "pg";
import { migratedBenchDatabase, mb, memoryOf, startBench, summarize } from "./harness";

const bench = startBench({ timeLimitS: 1200 });
const { log } = bench;
const ROUNDS = Number(process.env.BENCH_WRITES ?? 300);
const PEOPLE = Number(process.env.BENCH_WRITES_PEOPLE ?? 500);
const CONVERSATIONS = 20;
const WARM_UP = 10;
const TRACK = process.env.BENCH_TRACK_FUNCTIONS === "1";
const DISABLE = process.env.BENCH_DISABLE_TRIGGERS;

bench.run(async () => {
  const { url, embedded } = await migratedBenchDatabase(bench, "cas_bench_writes");
  if (TRACK && !embedded) {
    // New sessions (the app's, opened below) count their time per function.
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query("alter database cas_bench_writes set track_functions = 'pl'");
    await setup.end();
  }

  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { authenticate } = await import("@/lib/auth/authenticate");
  const { runWithRequestContext } = await import("@/lib/http/request-context");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { createPerson } = await import("@/lib/people/create-person");
  const { updatePerson } = await import("@/lib/people/update-person");
  const { createInterview } = await import("@/lib/interviews/create-interview");
  const { updateInterview } = await import("@/lib/interviews/update-interview");
  const { writeMessage } = await import("@/lib/messages/post-message");
  const { writeReaction } = await import("@/lib/messages/toggle-reaction");
  const { writeReadMark } = await import("@/lib/messages/mark-conversation-read");

  const { district, roles } = await createDistrict({ name: "Bench writes", adminEmail: "admin@bench-writes.test" });
  const d = district.id;
  const ctxOf = async (email: string) => {
    const token = (await createSessionFor(email, d))!.token;
    return (await authenticate(new Request("http://localhost/", { headers: { authorization: `Bearer ${token}` } }), "http://localhost")).ctx;
  };
  let requests = 0;
  /** `work` as a request of `ctx` (its actor goes with the statements, as in the app). */
  const asRequest = <T>(ctx: Awaited<ReturnType<typeof ctxOf>>, work: () => Promise<T>) =>
    runWithRequestContext({ requestId: `bench-${++requests}`, ctx }, work);

  // Seeding: set-based SQL, with the triggers on (the rows are audited and indexed as the app's are).
  const seedStart = performance.now();
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
  await client.query(
    `insert into people (id, district_id, first, last, email, email_key, roles, language, updated_at)
     select 'wp' || g, $1, 'Candidate', 'Number ' || g, 'person' || g || '@bench-writes.test', 'person' || g || '@bench-writes.test',
            jsonb_build_object($2::text, 1), 'en', now()
       from generate_series(1, $3::int) g`,
    [d, roles.candidate, PEOPLE],
  );
  await client.query(
    `insert into interviews (id, district_id, person_id, date, form_id, responses, updated_at)
     select 'wi' || g, $1, 'wp' || g, '2026-03-01', $2, jsonb_build_object('story', jsonb_build_object('en', 'A story of ' || g)), now()
       from generate_series(1, $3::int) g`,
    [d, form.id, PEOPLE],
  );
  const admin = await ctxOf("admin@bench-writes.test");
  const candidate = await ctxOf("person1@bench-writes.test");
  // The admin's conversations with candidates 1..20 (written here: creating one pushes it to the realtime service).
  await client.query(`insert into conversations (id, district_id, created_by_id) select 'wc' || g, $1, $2 from generate_series(1, $3::int) g`, [
    d,
    admin.actor.type === "person" ? admin.actor.personId : null,
    CONVERSATIONS,
  ]);
  await client.query(
    `insert into conversation_participants (conversation_id, person_id, district_id)
     select 'wc' || g, p, $1 from generate_series(1, $3::int) g cross join lateral unnest(array[$2, 'wp' || g]) p`,
    [d, admin.actor.type === "person" ? admin.actor.personId : null, CONVERSATIONS],
  );
  const conversations = Array.from({ length: CONVERSATIONS }, (_, c) => `wc${c + 1}`);
  if (DISABLE) {
    // Off after the seeding, for the timed writes only: what the matching triggers cost is the difference.
    const { rows } = await client.query<{ tbl: string; name: string }>(
      "select tgrelid::regclass::text as tbl, quote_ident(tgname) as name from pg_trigger where not tgisinternal and tgname ~ $1",
      [DISABLE],
    );
    for (const t of rows) await client.query(`alter table ${t.tbl} disable trigger ${t.name}`);
    log(`disabled ${rows.length} triggers matching /${DISABLE}/`);
  }
  log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${PEOPLE} people and interviews, ${CONVERSATIONS} conversations`);

  // Each kind of write, given the round's number. The candidate reads the conversation the admin
  // has just written to (the first one, which they are in).
  const lastMessage = new Map<string, string>();
  const writes: Array<[kind: string, write: (i: number) => Promise<unknown>]> = [
    ["person create", (i) => asRequest(admin, () => createPerson(admin, { first: "New", last: `Person ${i}`, email: `new${i}@bench-writes.test` }))],
    ["person rename", (i) => asRequest(admin, () => updatePerson(admin, `wp${1 + (i % PEOPLE)}`, { first: `Renamed ${i}` }))],
    ["interview create", (i) => asRequest(admin, () => createInterview(admin, `wp${1 + (i % PEOPLE)}`, { date: "2026-04-01", form_id: form.id }))],
    [
      "interview answer save",
      (i) =>
        asRequest(admin, () =>
          updateInterview(admin, `wp${1 + (i % PEOPLE)}`, `wi${1 + (i % PEOPLE)}`, {
            responses: { [i % 2 ? "goals" : "notes"]: { en: `Answer number ${i}: leadership in the community` } },
          }),
        ),
    ],
    [
      "message post",
      async (i) => {
        const conversationId = conversations[i % CONVERSATIONS];
        const posted = await asRequest(admin, () => writeMessage(admin, conversationId, { body: `Message number ${i}, about the interview` }));
        lastMessage.set(conversationId, posted.row.id);
      },
    ],
    [
      "reaction toggle",
      (i) => {
        const conversationId = conversations[i % CONVERSATIONS];
        return asRequest(admin, () => writeReaction(admin, conversationId, { messageId: lastMessage.get(conversationId)!, emoji: "👍" }));
      },
    ],
    ["read mark", () => asRequest(candidate, () => writeReadMark(candidate, conversations[0]))],
  ];

  for (let i = 0; i < WARM_UP; i++) for (const [, write] of writes) await write(1_000_000 + i);
  if (TRACK && !embedded) await client.query("select pg_stat_reset()");
  const times = new Map<string, number[]>(writes.map(([kind]) => [kind, []]));
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  log(`load average at the start: ${load()} (${os.cpus().length} CPUs); ${ROUNDS} rounds of ${writes.length} writes`);
  const walAt = async () => (await client.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn;
  const walStart = await walAt();
  const runStart = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    for (const [kind, write] of writes) {
      const t0 = performance.now();
      await write(i);
      times.get(kind)!.push(performance.now() - t0);
    }
  }
  const runMs = performance.now() - runStart;
  log(`load average at the end: ${load()}`);
  for (const [kind, values] of times) {
    const s = summarize(values);
    const total = values.reduce((a, b) => a + b, 0);
    log(
      `${kind.padEnd(22)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms  total ${total.toFixed(0).padStart(6)} ms (${s.n})`,
    );
  }
  log(`all writes: ${runMs.toFixed(0)} ms for ${ROUNDS * writes.length} (${((ROUNDS * writes.length) / (runMs / 1000)).toFixed(0)} writes/s)`);
  const walBytes = Number((await client.query<{ n: string }>("select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) as n", [await walAt(), walStart])).rows[0].n);
  log(`WAL written: ${(walBytes / 1024 / 1024).toFixed(1)} MB, ${(walBytes / 1024 / (ROUNDS * writes.length)).toFixed(1)} KB per write`);
  if (TRACK && !embedded) {
    const { rows } = await client.query<{ name: string; calls: string; total: number; self: number }>(
      `select funcname as name, calls, total_time as total, self_time as self from pg_stat_user_functions order by total_time desc limit 12`,
    );
    for (const r of rows)
      log(`  ${r.name.padEnd(28)} ${String(r.calls).padStart(6)} calls  total ${r.total.toFixed(0).padStart(6)} ms  self ${r.self.toFixed(0).padStart(6)} ms`);
  }
  log(`peak RSS of this process${embedded ? " (with the embedded database)" : ""}: ${mb(memoryOf(process.pid).hwm)}`);
  // The queue's client (a translation job was queued with a message): closed before the database goes.
  await (await import("@/lib/jobs/boss")).stopJobBoss();
  await disconnectDb();
});
