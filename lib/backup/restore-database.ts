import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import PgBoss from "pg-boss";
import { migrate } from "@/lib/db/migrate";
import { applyDump, type DumpSink } from "./apply-dump";
import { countStatement } from "./dump-database";
import type { Manifest } from "./manifest";

/** Where a restore writes: a PGlite data folder (empty), or an empty PostgreSQL database. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string } | { kind: "postgresql"; url: string };

/** A target opened for restoring: a URL (migrations, pg-boss) and a sink for the dump. */
type OpenTarget = { url: string; doneWithUrl: () => Promise<void>; sink: DumpSink; countRows: (table: string) => Promise<number>; close: () => Promise<void> };

/** COPY rows sent to PGlite at once: it reads a COPY's input from memory ('/dev/blob'). */
const PGLITE_COPY_BATCH = 8 * 1024 * 1024;

function pgliteSink(db: PGlite): DumpSink {
  return {
    exec: async (sql) => void (await db.exec(sql)),
    copy(header) {
      const statement = header.replace(/ FROM stdin;$/, " FROM '/dev/blob'");
      let parts: Buffer[] = [];
      let size = 0;
      const flush = async () => {
        if (!size) return;
        const blob = new Blob(parts as unknown as BlobPart[]);
        parts = [];
        size = 0;
        await db.query(statement, [], { blob });
      };
      return {
        async write(data) {
          parts.push(Buffer.from(data));
          size += data.length;
          if (size >= PGLITE_COPY_BATCH) await flush();
        },
        end: flush,
      };
    },
  };
}

function postgresSink(client: pg.Client): DumpSink {
  return {
    exec: async (sql) => void (await client.query(sql)),
    copy(header) {
      const stream = client.query(copyFrom(header.replace(/;$/, "")));
      const finished = new Promise<void>((resolve, reject) => {
        stream.once("finish", resolve);
        stream.once("error", reject);
      });
      return {
        write: (data) => new Promise<void>((resolve, reject) => stream.write(data, (error) => (error ? reject(error) : resolve()))),
        end: async () => {
          stream.end();
          await finished;
        },
      };
    },
  };
}

async function openTarget(target: DatabaseTarget): Promise<OpenTarget> {
  if (target.kind === "postgresql") {
    const client = new pg.Client({ connectionString: target.url, application_name: "cas-restore" });
    await client.connect();
    return {
      url: target.url,
      doneWithUrl: async () => {},
      sink: postgresSink(client),
      countRows: async (table) => Number((await client.query<{ n: string }>(countStatement(table))).rows[0].n),
      close: () => client.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const dir = path.join(target.dataDir, "pglite");
  await fs.promises.mkdir(dir, { recursive: true });
  // The extensions lib/db/embedded.ts loads (the migrations create them).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 16 });
  await server.start();
  const port = ((server as unknown as { server: import("node:net").Server }).server.address() as import("node:net").AddressInfo).port;
  let serving = true;
  const stopServing = async () => {
    if (serving) await server.stop();
    serving = false;
  };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    // PGlite has one session: a socket client that goes away later rolls back whatever transaction
    // is open then (pglite-socket), the restore's own among them. No client stays past this.
    doneWithUrl: stopServing,
    sink: pgliteSink(db),
    countRows: async (table) => Number((await db.query<{ n: string }>(countStatement(table))).rows[0].n),
    close: async () => {
      await stopServing();
      await db.close();
    },
  };
}

/** The migrations this code has, by name. */
function codeMigrations() {
  const dir = path.resolve(process.cwd(), "prisma/migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * The job queue's schema as this code's pg-boss makes it, with the queues the backup had (each
 * one's jobs are a partition of its own); the service sets each one's retry policy as it starts.
 */
async function createJobSchema(url: string, schema: string, queues: Manifest["database"]["job_queues"]) {
  const boss = new PgBoss({ connectionString: url, schema, max: 2, supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  for (const { name, policy } of queues) await boss.createQueue(name, { name, policy: policy as PgBoss.QueuePolicy });
  await boss.stop({ graceful: false, close: true, wait: true });
}

/**
 * Loads a dump into `target` (checked empty beforehand) and compares each table's rows with the
 * manifest's. A "copy" dump is data only: this code's migrations and pg-boss build the schema
 * first (the archive's migrations must be exactly this code's), then the rows go in with
 * triggers and foreign-key checks off (session_replication_role), as pg_dump's data section does.
 * A pg_dump dump runs in one transaction.
 */
export async function restoreDatabase(target: DatabaseTarget, manifest: Manifest, dump: Readable): Promise<{ rows: number }> {
  const open = await openTarget(target);
  try {
    if (manifest.database.dump === "copy") {
      const ours = codeMigrations();
      if (ours.join("\n") !== manifest.migrations.join("\n")) {
        const missing = manifest.migrations.filter((m) => !ours.includes(m));
        throw new Error(
          missing.length
            ? `the backup was taken by a newer version of the service (migration ${missing[0]} is unknown here): restore it with that version`
            : `the backup was taken by an older version of the service (before migration ${ours.find((m) => !manifest.migrations.includes(m))}): restore it with that version, then upgrade`,
        );
      }
      await migrate(open.url);
      await createJobSchema(open.url, manifest.database.jobs_schema, manifest.database.job_queues);
      await open.doneWithUrl();
      await open.sink.exec("begin; set local session_replication_role = replica;");
    } else {
      await open.doneWithUrl();
      await open.sink.exec("begin;");
    }
    await applyDump(dump, open.sink);
    await open.sink.exec("commit;");
    let rows = 0;
    for (const [table, expected] of Object.entries(manifest.rows)) {
      const found = await open.countRows(table);
      if (found !== expected) throw new Error(`table ${table} has ${found} rows after the restore; the manifest says ${expected}`);
      rows += found;
    }
    return { rows };
  } finally {
    await open.close();
  }
}
