/**
 * `npm run bench:import`: people in and out as CSV, through the real route modules (wrapper,
 * authentication, parsing, the domain, a real database) in this process.
 *
 *   1. a fresh database: embedded PGlite in a temporary folder, or, when DATABASE_URL is set,
 *      a fresh database `cas_bench_import` on that (local) server
 *   2. POST /api/people/import of BENCH_IMPORT_ROWS (10,000) new people with roles and tags:
 *      a dry run, then the import itself; then the same file again (10,000 updates). A webhook
 *      endpoint listens to person.created, person.updated and person.archived (BENCH_WEBHOOK=0:
 *      none), so each import also records its events and queues their deliveries
 *   3. GET /api/people.csv of BENCH_EXPORT_ROWS (50,000) people, read as it streams, with the
 *      heap sampled every 10 ms: how much the export holds at once
 *   4. POST /api/people/import of BENCH_JOB_ROWS (100,000; 0 skips it) new people, which runs as a
 *      job (202) on a worker of that queue in this process, followed at its status URL every 0.5 s
 *      until done: the time from the request to done, and the rows_done values seen on the way
 *
 * It prints figures and never asserts.
 */
import { migratedBenchDatabase, mb, startBench } from "./harness";

const bench = startBench({ timeLimitS: 600 });
const { log } = bench;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const WEBHOOK = process.env.BENCH_WEBHOOK !== "0";
const JOB_ROWS = Number(process.env.BENCH_JOB_ROWS ?? 100_000);

bench.run(async () => {
  await migratedBenchDatabase(bench, "cas_bench_import");

  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const importRoute = await import("@/app/api/people/import/route");
  const exportRoute = await import("@/app/api/people.csv/route");
  const importStatusRoute = await import("@/app/api/people/import/jobs/[id]/route");
  const webhooksRoute = await import("@/app/api/webhooks/route");

  const district = await createDistrict({ name: "Bench import", adminEmail: "admin@bench-import.test" });
  const token = (await createSessionFor("admin@bench-import.test", district.district.id))!.token;
  await db().tag.createMany({ data: ["Cohort A", "Cohort B", "Transfer"].map((name) => ({ districtId: district.district.id, name })) });
  if (WEBHOOK) {
    // The queue's client is started as in an app process that has queued any job before (starting it the first time takes seconds).
    await (await import("@/lib/jobs/boss")).jobBoss();
    const res = await webhooksRoute.POST(
      new Request("http://localhost/api/webhooks", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://sis.bench-import.invalid/hooks", event_types: ["person.created", "person.updated", "person.archived"] }),
      }),
      { params: Promise.resolve({}) },
    );
    log(`webhook endpoint for person.created, person.updated, person.archived: ${res.status}`);
  }
  const webhookRows = async () => {
    const [events, deliveries] = await Promise.all([
      db().webhookEvent.count({ where: { districtId: district.district.id } }),
      db().webhookDelivery.count({ where: { districtId: district.district.id } }),
    ]);
    return `${events.toLocaleString("en")} events, ${deliveries.toLocaleString("en")} deliveries queued so far`;
  };

  const csv = (rows: number, first: string, domain = "bench-import.test") =>
    "first,last,email,language,primary_role,other_roles,tags,archived\r\n" +
    Array.from(
      { length: rows },
      (_, i) =>
        `${first}${i},Person${i},person${i}@${domain},${i % 3 ? "en" : "es"},Candidate,${i % 10 ? "" : "Mentor"},Cohort ${i % 2 ? "A" : "B"}; Transfer,0`,
    ).join("\r\n") +
    "\r\n";

  async function timedImport(label: string, body: string, dryRun: boolean) {
    const t0 = performance.now();
    const res = await importRoute.POST(
      new Request(`http://localhost/api/people/import${dryRun ? "?dry_run=true" : ""}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
        body,
      }),
      { params: Promise.resolve({}) },
    );
    const report = await res.json();
    const seconds = (performance.now() - t0) / 1000;
    log(
      `${label}: ${res.status} in ${seconds.toFixed(2)} s (${Math.round(IMPORT_ROWS / seconds).toLocaleString("en")} rows/s) ${JSON.stringify(report.counts ?? report.error)}; ${await webhookRows()}`,
    );
  }

  const file = csv(IMPORT_ROWS, "Imp");
  log(`import file: ${IMPORT_ROWS.toLocaleString("en")} rows, ${mb(Buffer.byteLength(file))}`);
  await timedImport("dry run (creates)", file, true);
  await timedImport("import (creates)", file, false);
  await timedImport("import again (updates)", csv(IMPORT_ROWS, "Upd"), false);

  const more = EXPORT_ROWS - IMPORT_ROWS - 1;
  for (let i = 0; i < more; i += 5000) {
    await db().person.createMany({
      data: Array.from({ length: Math.min(5000, more - i) }, (_, k) => {
        const n = i + k;
        return {
          districtId: district.district.id,
          first: `Exp${n}`,
          last: `Export${n}`,
          email: `export${n}@bench-import.test`,
          emailKey: `export${n}@bench-import.test`,
        };
      }),
    });
  }
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
  const t0 = performance.now();
  const res = await exportRoute.GET(new Request("http://localhost/api/people.csv", { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  const reader = res.body!.getReader();
  let bytes = 0;
  let chunks = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    chunks++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const rows = (await db().person.count({ where: { districtId: district.district.id } })).toLocaleString("en");
  log(
    `export: ${rows} people, ${mb(bytes)} in ${chunks} chunks, ${seconds.toFixed(2)} s; heap growth while streaming ${mb(heapPeak - heapBefore)} (peak over the start)`,
  );
  if (JOB_ROWS > 0) {
    // A worker of the import queue alone, in this process (the webhook deliveries queued above are left waiting).
    const [{ startWorkers }, { JOB_HANDLERS }] = await Promise.all([import("@/lib/jobs/run-workers"), import("@/lib/jobs/handlers")]);
    const workers = await startWorkers(JOB_HANDLERS, { queues: ["people-import"] });
    bench.onCleanup(() => workers.stop(2000));
    const big = csv(JOB_ROWS, "Job", "bench-import-job.test");
    log(`import file for a job: ${JOB_ROWS.toLocaleString("en")} rows, ${mb(Buffer.byteLength(big))}`);
    const t0 = performance.now();
    const res = await importRoute.POST(
      new Request("http://localhost/api/people/import", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
        body: big,
      }),
      { params: Promise.resolve({}) },
    );
    const queued = await res.json();
    log(`answered ${res.status} in ${((performance.now() - t0) / 1000).toFixed(2)} s (${queued.state}, ${queued.rows_total} rows)`);
    const seen: string[] = [];
    for (;;) {
      const polled = await importStatusRoute.GET(
        new Request(`http://localhost/api/people/import/jobs/${queued.id}`, { headers: { authorization: `Bearer ${token}` } }),
        {
          params: Promise.resolve({ id: queued.id }),
        },
      );
      const job = await polled.json();
      const mark = `${job.state} ${job.rows_done}`;
      if (seen.at(-1) !== mark) seen.push(mark);
      if (job.state === "done" || job.state === "failed") {
        const seconds = (performance.now() - t0) / 1000;
        log(
          `job ${job.state} ${seconds.toFixed(2)} s after the request (${Math.round(JOB_ROWS / seconds).toLocaleString("en")} rows/s) ${JSON.stringify(job.report?.counts ?? job.error)}; ${await webhookRows()}`,
        );
        log(`states seen while polling every 0.5 s: ${seen.join(", ")}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  log(`process RSS at the end ${mb(process.memoryUsage().rss)}`);

  const { stopJobBoss } = await import("@/lib/jobs/boss");
  await stopJobBoss();
  await disconnectDb();
});
