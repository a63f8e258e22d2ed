/**
 * `npm run bench:backup`: `npm run admin -- backup` of a running service holding a district of
 * 10,000 people and 10,000 interviews, 2 GB of audio and 200,000 messages, while 100 ops/s of
 * mixed load (bench/load's) go on; then `restore` of the archive into an empty DATA_DIR (or
 * database). Prints backup and restore time and MB/s, the archive's size, the backup process's
 * peak RSS and its growth, and the service's p99 with and without a backup running.
 *
 *   npm run bench:backup [-- --audio-gb 2] [--messages 200000] [--people 10000] [--rate 100]
 *   DATABASE_URL set: on a fresh database of that (local) PostgreSQL; else embedded PGlite.
 *
 * Targets (issue 36): backup ≥ 100 MB/s of stored data; p99 under load no worse than doubled
 * while a backup runs; RSS growth of the backup < 128 MB. It prints figures and never asserts.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { DUE_TABLES_SQL } from "@/lib/db/embedded-maintenance";
import { freshPgDatabase, mb, memoryOf, ROOT, sleep, startBench, tsxServer } from "./harness";
import { startCopy, stopCopy, type Copy } from "./load/copy";
import { runStep, type StepResult } from "./load/open-loop";
import { printStep } from "./load/report";
import { seedLoadDistricts, type SeededDistrict } from "./load/seed";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const AUDIO_GB = Number(option("audio-gb") ?? 2);
const MESSAGES = Number(option("messages") ?? 200_000);
const PEOPLE = Number(option("people") ?? 10_000);
const RATE = Number(option("rate") ?? 100);
const FILE_BYTES = 8 * 1024 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const onPostgres = Boolean(process.env.DATABASE_URL);

const bench = startBench({ timeLimitS: Number(process.env.BENCH_TIME_LIMIT_S ?? 3600) });
const { log } = bench;

/** Audio: AUDIO_GB of 8 MB files (random bytes: they need not be WebM for a backup), each a finalized recording of an interview. */
async function seedAudio(client: pg.Client, copy: Copy, d: SeededDistrict) {
  const count = Math.ceil((AUDIO_GB * 1024 ** 3) / FILE_BYTES);
  const block = randomBytes(FILE_BYTES);
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const id = `benchrec${String(i).padStart(6, "0")}`;
    const key = `${d.id}/audio/${id}.webm`;
    const file = path.join(copy.dataDir, "files", key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    block.writeUInt32LE(i, 0); // every file different
    fs.writeFileSync(file, block);
    const interview = d.interviews[i % d.interviews.length];
    rows.push([id, interview.id, interview.personId, key]);
  }
  await client.query(
    `insert into audio_recordings (id, district_id, interview_id, person_id, storage_key, content_type, size, duration_ms, finalized_at)
     select r[1], $1, r[2], r[3], r[4], 'audio/webm', $2, 600000, now() from jsonb_array_elements($3::jsonb) e, lateral (select array(select jsonb_array_elements_text(e)) as r) x`,
    [d.id, FILE_BYTES, JSON.stringify(rows)],
  );
  return count * FILE_BYTES;
}

/** Messages: MESSAGES spread over the district's seeded conversations, set-based. */
async function seedMessages(client: pg.Client, d: SeededDistrict) {
  const conversations = d.conversations.map((c) => c.id);
  await client.query(
    `insert into messages (id, district_id, conversation_id, sender_id, body, language, seq, created_at)
     select 'benchmsg' || g, $1, ($2::text[])[1 + g % cardinality($2::text[])], $3,
            'Message ' || g || ': the interview is on Thursday at ten, bring the documents we discussed.', 'en',
            100000 + g, now() - (g || ' seconds')::interval
       from generate_series(1, $4) g`,
    [d.id, conversations, d.personIds.admin, MESSAGES],
  );
}

/**
 * Waits until the service has done the work the seeding queued (the e-mails about the seeded
 * unread messages, and whatever else): no job due or running for three polls in a row. A backup
 * timed earlier measures a busy embedded database, not the backup.
 */
async function waitForQueue(client: pg.Client) {
  const started = performance.now();
  let quietPolls = 0;
  let lastLog = 0;
  while (quietPolls < 3) {
    const { rows } = await client.query<{ name: string; n: string }>(
      `select name, count(*) as n from "${process.env.JOBS_SCHEMA ?? "pgboss"}".job
        where state in ('created', 'retry', 'active') and start_after <= now() group by name order by name`,
    );
    quietPolls = rows.length ? 0 : quietPolls + 1;
    if (rows.length && performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      log(`waiting for the service's queued work: ${rows.map((r) => `${r.name} ${r.n}`).join(", ")}`);
    }
    await sleep(2000);
  }
  log(`the service's queue was idle after ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Waits until the planner's statistics are current: no table changed past autovacuum's ANALYZE
 * threshold (50 + 10 % of its rows) since its last one. After the seeding, PostgreSQL's autovacuum
 * or the embedded database's upkeep (lib/db/embedded-maintenance.ts) gets there within a minute
 * or two; a step timed earlier measures plans made for the tables as they were before the seeding.
 */
async function waitForStatistics(client: pg.Client) {
  const started = performance.now();
  for (;;) {
    const rows = (await client.query<{ name: string; analyze: boolean }>(DUE_TABLES_SQL)).rows.filter((t) => t.analyze);
    if (!rows.length) break;
    if (performance.now() - started > 300_000) {
      log(`statistics still not current after 300 s: ${rows.map((r) => r.name).join(", ")}; going on`);
      return;
    }
    await sleep(2000);
  }
  log(`the planner's statistics were current after ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function admin(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...tsxServer, path.join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => (stderr += c));
  const done = new Promise<Record<string, unknown>>((resolve, reject) =>
    child.once("close", (code) => {
      const last = JSON.parse(stdout.trim().split("\n").at(-1) || "{}") as Record<string, unknown>;
      if (code === 0) resolve(last);
      else reject(new Error(`admin ${args.join(" ")} exited ${code}: ${String(last.error ?? stderr.slice(-2000))}`));
    }),
  );
  return { child, done };
}

/** One backup of the copy, timed, its RSS sampled: the peak, and the growth over its RSS once started (the archive opened). */
async function timedBackup(copy: Copy, out: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: copy.dataDir };
  if (!onPostgres) delete env.DATABASE_URL;
  else env.DATABASE_URL = copy.databaseUrl;
  const started = performance.now();
  const run = admin(["backup", "--to", `${out}/`], env);
  let baseline = 0;
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const { rss } = memoryOf(run.child.pid!);
      peak = Math.max(peak, rss);
      if (!baseline && fs.readdirSync(out).some((n) => n.endsWith(".partial"))) baseline = rss;
    } catch {}
  }, 20);
  try {
    const result = await run.done;
    return { result, seconds: (performance.now() - started) / 1000, peak, growth: peak - baseline };
  } finally {
    clearInterval(timer);
  }
}

const p99 = (step: StepResult) => {
  const sorted = step.samples
    .filter((s) => s.status >= 200 && s.status < 300)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN;
};

async function main() {
  log(
    `${onPostgres ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}; ${PEOPLE} people and interviews, ${MESSAGES} messages, ${AUDIO_GB} GB of audio; load ${RATE} ops/s`,
  );
  const copy = await startCopy(bench, { label: "backup", root: ROOT, basePort: PORT, processes: 1, onPostgres });
  const districts = await seedLoadDistricts(copy.databaseUrl, copy.origins[0], { small: 200, big: PEOPLE });
  const big = districts.find((d) => d.name === "big")!;
  const client = new pg.Client({ connectionString: copy.databaseUrl });
  await client.connect();
  let t = performance.now();
  await seedMessages(client, big);
  log(`seeded ${MESSAGES} messages in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const audioBytes = await seedAudio(client, copy, big);
  log(`wrote ${mb(audioBytes)} of audio in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const dbBytes = Number((await client.query("select pg_database_size(current_database()) as n")).rows[0].n);
  await waitForQueue(client);
  await waitForStatistics(client);
  await client.end();
  const stored = audioBytes + dbBytes;
  log(`stored data: ${mb(stored)} (database ${mb(dbBytes)} on disk, audio ${mb(audioBytes)})`);

  const out = fs.mkdtempSync(path.join(ROOT, ".bench-backup-"));
  bench.onCleanup(() => fs.rmSync(out, { recursive: true, force: true }));
  await runStep(copy, districts, undefined, 20, 5, 99); // warm-up, not measured

  log("backup alone (no load)");
  const alone = await timedBackup(copy, path.join(out, "alone"));
  const archiveBytes = Number(alone.result.bytes);
  fs.rmSync(String(alone.result.file));

  const seconds = Math.max(10, Math.ceil(alone.seconds));
  log(`${RATE} ops/s for ${seconds} s without a backup`);
  const quiet = await runStep(copy, districts, undefined, RATE, seconds, 1);
  await sleep(3000);
  log(`${RATE} ops/s for ${seconds} s with a backup running`);
  const [loaded, during] = await Promise.all([runStep(copy, districts, undefined, RATE, seconds, 2), timedBackup(copy, path.join(out, "loaded"))]);

  log("restore into an empty DATA_DIR" + (onPostgres ? " and an empty database" : ""));
  const restoreDir = path.join(out, "restored");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: restoreDir };
  if (onPostgres) env.DATABASE_URL = await freshPgDatabase(bench, `cas_bench_restore_${process.pid}`);
  else delete env.DATABASE_URL;
  t = performance.now();
  const restored = await admin(["restore", String(during.result.file)], env).done;
  const restoreSeconds = (performance.now() - t) / 1000;

  const rate = (bytes: number, s: number) => `${(bytes / 1024 / 1024 / s).toFixed(0)} MB/s`;
  const errors = (s: StepResult) => s.samples.filter((x) => x.status < 200 || x.status >= 300).length;
  console.log(`
backup (${onPostgres ? "PostgreSQL" : "PGlite"}): ${PEOPLE} people, ${PEOPLE} interviews, ${MESSAGES} messages, ${mb(audioBytes)} of audio in ${Math.ceil(audioBytes / FILE_BYTES)} files
  stored data          ${mb(stored)} (database ${mb(dbBytes)} on disk)
  archive              ${mb(archiveBytes)}, ${alone.result.rows} rows, ${alone.result.files} files
  backup, no load      ${alone.seconds.toFixed(1)} s = ${rate(stored, alone.seconds)} of stored data (target ≥ 100 MB/s)
  backup, ${RATE} ops/s   ${during.seconds.toFixed(1)} s = ${rate(stored, during.seconds)}
  backup process RSS   peak ${mb(Math.max(alone.peak, during.peak))}, growth ${mb(Math.max(alone.growth, during.growth))} over its RSS once started (target < 128 MB)
  service p99          ${p99(quiet).toFixed(0)} ms without a backup, ${p99(loaded).toFixed(0)} ms with one running (target ≤ ×2 = ${(2 * p99(quiet)).toFixed(0)} ms); non-2xx ${errors(quiet)} / ${errors(loaded)} of ${quiet.samples.length} / ${loaded.samples.length}
  restore              ${restoreSeconds.toFixed(1)} s = ${rate(stored, restoreSeconds)} (${restored.rows} rows, ${restored.files} files)`);
  printStep("the service without a backup", quiet);
  printStep("the service with a backup running", loaded);
  await stopCopy(copy);
}

bench.run(main);
