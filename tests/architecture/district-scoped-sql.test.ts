import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { Ctx } from "@/lib/auth/context";
import { builtFrom, classify, DISTRICT_TABLES, districtVerdict, sqlSites, type SqlSite } from "./district-sql";

/**
 * Raw SQL carries the district too. Every SQL text of the service's code, whatever runs it (a
 * tagged `$queryRaw` / `$executeRaw` / `Prisma.sql`, a string given to `sqlRows`,
 * `$queryRawUnsafe`, `client.query`, a constant), is read (district-sql.ts beside it), and each
 * table of a district's data it names must be constrained by district in that statement:
 * `x.district_id = <value>`, `… in (…)`, an insert that writes district_id, or equality with
 * the district_id of a table that is (`f.district_id = i.district_id`). One district_id
 * elsewhere in the statement does not do. A statement that is maintenance across districts on
 * purpose says so in its SQL, `-- all districts: <why>`, and is listed below for review.
 * Statements put together by code (list copies, visibility filters) are checked as built: the
 * code that builds them runs here with sqlRows recorded.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const scanned = ["app", "lib", "pages", "scripts", "bench", "components"].flatMap((dir) =>
  sourceFiles(path.join(ROOT, dir)).map((file) => ({ file: path.relative(ROOT, file), ...sqlSites(file, fs.readFileSync(file, "utf8")) })),
);
const statements = scanned.flatMap(({ file, sites }) => sites.map((site) => ({ file, site })));

/** `${…}` of Prisma templates that stand for a table holding no district's data. */
const OTHER_TABLES = { "jobTable()": "pg-boss's job table (JOBS_SCHEMA)", jobs: "pg-boss's job table (JOBS_SCHEMA)" };
const classified = statements.map((s) => ({ ...s, ...classify(s.site, OTHER_TABLES) }));
const where = (s: { file: string; site: SqlSite }) => `${s.file}:${s.site.line}`;

describe("the reader", () => {
  it("finds SQL in every form that runs it, and calls it cannot read", () => {
    const source = [
      "const A = db().$queryRaw<{ a: number }[]>`select ${x} from people where district_id = ${d}`;",
      'const rows = await sqlRows<Row>("select id from forms where id = $1", [id]);',
      "await tx.$executeRawUnsafe(`delete from tags where id = $1`, id);",
      "const SQL = `update roles set name = $1 where id = $2`;",
      "await client.query({ text: SQL, values: [] });",
      "await client.query(somewhere);",
      "const prose = `Translated from ${language} into ${target}`;",
      "const m = /x/.exec(line); const n = PATTERN.exec(line);",
    ].join("\n");
    const { sites, opaque } = sqlSites("x.ts", source);
    expect(sites.map((s) => [s.line, s.form, s.text])).toEqual([
      [1, "tagged", "select __s0__ from people where district_id = __s1__"],
      [2, "plain", "select id from forms where id = $1"],
      [3, "plain", "delete from tags where id = $1"],
      [4, "plain", "update roles set name = $1 where id = $2"],
    ]);
    expect(opaque).toEqual([{ line: 6, call: "client.query(somewhere)" }]);
    expect(statements.length).toBeGreaterThan(100);
  });

  it("judges each district table of a statement on its own", () => {
    const gaps = (sql: string) => districtVerdict(sql).unconstrained;
    expect(gaps("select * from people p join roles r on r.id = p.role where p.district_id = $1")).toEqual(["roles r"]);
    expect(gaps("select * from people p join roles r on r.id = p.role and r.district_id = p.district_id where p.district_id = $1")).toEqual([]);
    // Related by district to each other, but neither names one.
    expect(gaps("select * from audio_chunks c join audio_recordings r on r.id = c.recording_id and r.district_id = c.district_id")).toEqual([
      "audio_chunks c",
      "audio_recordings r",
    ]);
    // A subquery is a level of its own: the outer district_id does not reach into it, nor the inner out.
    expect(gaps("select * from people where district_id = $1 and id in (select person_id from interviews)")).toEqual(["interviews"]);
    expect(gaps("select * from people where id in (select person_id from interviews where district_id = $1)")).toEqual(["people"]);
    expect(gaps("select 1 from tags t where exists (select 1 from people p where p.district_id = t.district_id) and t.district_id = any($1)")).toEqual([]);
    // Each branch of a union has its own aliases.
    expect(
      gaps(
        "select i.id from interviews i where i.district_id = $1 union select i.id from interviews i join forms f on f.id = i.form_id where f.district_id = $1",
      ),
    ).toEqual(["interviews i"]);
    expect(gaps("insert into tags (id, district_id, name) values ($1, $2, $3)")).toEqual([]);
    expect(gaps("insert into tags (id, name) select id, name from roles where district_id = $1")).toEqual(["tags"]);
    expect(gaps("update recording_steps set district_id = $1 where id = $2")).toEqual(["recording_steps"]);
    expect(gaps("select * from districts d left join people p on p.district_id = d.id where d.id = $1")).toEqual([]);
    expect(gaps("select * from translations t where t.language = $1 and t.text is not distinct from $2")).toEqual(["translations t"]);
    expect(districtVerdict("select * from api_keys where hash = $1 -- all districts: the hash names it").exemption).toBe("the hash names it");
  });

  it("knows every table that has a district_id column (prisma/schema.prisma)", () => {
    const schema = fs.readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8");
    const tables = [...schema.matchAll(/^model \w+ \{([\s\S]*?)^\}/gm)]
      .filter((m) => /@map\("district_id"\)/.test(m[1]))
      .map((m) => /@@map\("(\w+)"\)/.exec(m[1])![1]);
    expect(new Set(tables)).toEqual(DISTRICT_TABLES);
  });
});

describe("raw SQL names the district", () => {
  it.each(classified.filter((s) => s.status === "checked" || s.status === "gap").map((s) => [where(s), s] as const))("%s", (_where, s) => {
    expect(s.verdict.unconstrained, `${where(s)} does not constrain these by district_id`).toEqual([]);
    expect(s.status).toBe("checked");
  });

  it("statements across districts are the reviewed ones", () => {
    expect(
      classified
        .filter((s) => s.status === "exempt")
        .map((s) => `${s.file}: ${s.verdict.exemption}`)
        .sort(),
    ).toEqual([
      "bench/floor-server.ts: a session token names one person, of whichever district",
      "lib/audio/pipeline/stalled-steps.ts: handing back steps whose worker died is maintenance",
      "lib/audio/pipeline/stalled-steps.ts: jobs whose worker died before taking their step are maintenance",
      "lib/audio/sweep-stale-chunks.ts: leftover chunks are maintenance; each recording found is then handled in its own district",
      "lib/audio/sweep-stale-chunks.ts: the TTL sweep is maintenance; each recording found is then handled in its own district",
      "lib/audit/record-failed-key-use.ts: the secret's hash is what names it",
      "lib/audit/verify-audit-chain.ts: verify walks every chain",
      "lib/auth/authenticate.ts: a session token names one person, of whichever district",
      "lib/auth/authenticate.ts: the key's hash is what names it",
      "lib/backup/stored-file-keys.ts: a backup holds every district's files",
      "lib/http/idempotency-sweep.ts: the window is the same for every district",
      "lib/i18n/session-locale.ts: a session token names one person, of whichever district",
      "lib/notifications/sweep-notifications.ts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district",
      "lib/notifications/sweep-notifications.ts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district",
      "lib/notifications/sweep-notifications.ts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district",
      "lib/webhooks/sweep-webhooks.ts: retention is the same for every district",
    ]);
  });

  it("calls whose SQL the reader cannot see are the reviewed ones", () => {
    const opaque = scanned.flatMap(({ file, opaque }) => opaque.map((o) => `${file}: ${o.call}`)).sort();
    expect(opaque).toEqual([
      // The benches' `psql`-like helper, and bench:backup's wait for the upkeep's list (catalog statistics).
      "bench/backup.ts: client.query<{ name: string; analyze: boolean }>(DUE_TABLES_SQL)",
      "bench/harness.ts: client.query(sql)",
      // Backups (lib/backup/): every table whole, by name (row counts, COPY out and in), and a
      // dump's statements run as psql would, into an empty database.
      "lib/backup/apply-dump.ts: sink.exec(text)",
      // The embedded dump's change capture: triggers attached to (and removed from) each dumped table.
      'lib/backup/change-capture.ts: client.query(rows.map((r) => `drop trigger if exists ${pg.escapeIdentifier(r.name)} on ${r.relation}`).join(";\\n"))',
      'lib/backup/change-capture.ts: client.query(statements.join(";\\n"))',
      "lib/backup/dump-database.ts: client.query<{ n: string }>(countStatement(tableName(t)))",
      "lib/backup/dump-database.ts: client.query<{ name: string; policy: string }>(queuesStatement(options.jobsSchema))",
      // A table's rows a range of pages at a time, its changed rows, or the whole of it.
      "lib/backup/embedded-dump.ts: client.query(copyTo(sql))",
      'lib/backup/restore-database.ts: client.query(copyFrom(header.replace(/;$/, "")))',
      "lib/backup/restore-database.ts: client.query(sql)",
      "lib/backup/restore-database.ts: client.query<{ n: string }>(countStatement(table))",
      "lib/backup/restore-database.ts: db.exec(sql)",
      "lib/backup/restore-database.ts: db.query(statement, [], { blob })",
      "lib/backup/restore-database.ts: db.query<{ n: string }>(countStatement(table))",
      // The Prisma client extension passes query-builder calls on (district-scoped-writes.ts checks those).
      "lib/db/client.ts: query(args)",
      // The embedded database's upkeep (autovacuum's work): VACUUM or ANALYZE of a table the catalog names.
      "lib/db/embedded-maintenance.ts: pool().query(statement)",
      // The embedded database's protocol bridge, and the migration files (schema changes).
      "lib/db/embedded.ts: db.exec(sql)",
      "lib/db/migrate.ts: client.query(sql)",
      // pool.query (Prisma's statements outside a transaction), and sqlRows itself: their statements are read where they are called.
      "lib/db/pool.ts: client.query(config as pg.QueryConfig, values as unknown[])",
      "lib/db/pool.ts: client.query<T>({ name: `cas_${id}_${digest}`, text, values, types })",
      // The rate limiter's statements, on rate_limits (no district's data).
      "lib/http/rate-limit.ts: store.query({ text: q.text, values: q.values })",
      // pg-boss's own statements, on its schema, run in the caller's transaction.
      "lib/jobs/enqueue.ts: tx.$queryRawUnsafe<unknown[]>(",
      // The workers' wake probe: which queues have a job due (wakeProbeSql, on pg-boss's schema).
      "lib/jobs/run-workers.ts: boss.getDb().executeSql(sql, [queues])",
    ]);
  });
});

/*
 * Statements built by code, checked as built: sqlRows records each text (and answers no rows, but
 * for a list's version, which moves at every read so that the changed rows are asked for too),
 * and the code that builds them runs for each kind of caller and list.
 */
const sent = vi.hoisted(() => [] as string[]);
vi.mock("@/lib/db/pool", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/pool")>()),
  sqlRows: async (text: string) => (sent.push(text), /_version::text as version from districts/.test(text) ? [{ version: String(sent.length) }] : []),
}));

const person = (kinds: string[]): Ctx => ({
  districtId: "d1",
  origin: "http://localhost",
  actor: { type: "person", personId: "me", language: "en", kinds: new Set(kinds) as never, permissions: new Set(), sessionToken: "t", sessionExpiresAt: 0 },
});
// The last: a read on a remembered session, which checks the session in its own statement (lib/auth/session-check.ts).
const CALLERS: Ctx[] = [
  person(["admin"]),
  person(["mentor"]),
  person(["candidate"]),
  { districtId: "d1", origin: "http://localhost", actor: { type: "key", keyId: "k", scopes: new Set() } },
  { ...person(["mentor"]), sessionCheck: { expected: "{}", confirmed: false } },
];

async function buildEveryStatement() {
  const [{ getPerson }, { peopleListDocument }, { findVisibleInterview }, { interviewsListDocument, listInterviewsOfPerson }] = await Promise.all([
    import("@/lib/people/get-person"),
    import("@/lib/people/list-people"),
    import("@/lib/interviews/find-interview"),
    import("@/lib/interviews/list-interviews"),
  ]);
  const { upcomingInterviews } = await import("@/lib/calendar/read-calendar-feed");
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined);
  const filters = { person_id: "p", board_id: "b", published: true, from: "2026-01-01", to: "2026-12-31" };
  for (const ctx of CALLERS) {
    await quietly(getPerson(ctx, "p", new Set(["files", "tags", "photo_url"])));
    await quietly(getPerson(ctx, "p"));
    await quietly(findVisibleInterview(ctx, "p", "i"));
    await listInterviewsOfPerson(ctx, "p");
    await upcomingInterviews(ctx, "me");
    for (const archived of [false, true]) {
      // Twice: the first read of a shared copy builds it, the next brings it up to date.
      for (let i = 0; i < 2; i++) await peopleListDocument(ctx, { archived });
      await peopleListDocument(ctx, { archived, limit: 10, cursor: ["Last", "First", "p"] });
      await peopleListDocument(ctx, { archived, q: "ana lima", limit: 100 });
    }
    for (const query of [{}, filters, { q: "ana", board_id: "none" }]) {
      for (let i = 0; i < 2; i++) await interviewsListDocument(ctx, query);
      await interviewsListDocument(ctx, { ...query, limit: 10, cursor: ["2026-01-01", 1, "i"] });
    }
  }
}

describe("statements built by code name the district", () => {
  it("each one, as built, for every kind of caller and list", async () => {
    await buildEveryStatement();
    const built = classified.filter((s) => s.status === "built");
    expect(built.map(where).length).toBeGreaterThanOrEqual(7);
    for (const s of built)
      expect(
        sent.some((text) => builtFrom(s.site, text)),
        `${where(s)} was not built here: add the code that builds it above`,
      ).toBe(true);
    for (const text of sent) {
      expect(
        statements.some((s) => builtFrom(s.site, text)),
        `a statement the reader did not find:\n${text}`,
      ).toBe(true);
      const verdict = districtVerdict(text);
      expect(verdict.unconstrained, `built without district_id:\n${text}`).toEqual([]);
      expect(verdict.dynamicTables).toEqual([]);
    }
  });
});
