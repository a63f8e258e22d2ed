import "server-only";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import type { Writable } from "node:stream";
import zlib from "node:zlib";
import pg from "pg";
import { dumpEmbeddedTables, type DumpTable } from "./embedded-dump";
import type { Manifest } from "./manifest";
import { storedFileKeys } from "./stored-file-keys";

export type DumpResult = Pick<Manifest, "migrations" | "rows"> & {
  database: Manifest["database"];
  /** Storage keys the dumped rows refer to. */
  fileKeys: string[];
};

const quote = (name: string) => pg.escapeIdentifier(name);
const tableName = (t: Pick<DumpTable, "schema" | "name">) => `${t.schema}.${t.name}`;

/**
 * How many rows a table ("schema.table") has, every district's: the manifest's count, and what a
 * restore is checked against. Its calls are among the reviewed ones of tests/architecture/district-scoped-sql.test.ts.
 */
export const countStatement = (table: string) => ["select count(*)::bigint as n from", table.split(".").map(quote).join(".")].join(" ");

/** The service's tables (partitions are read through their parent), with the columns a COPY may name. */
async function listTables(client: pg.Client, jobsSchema: string): Promise<DumpTable[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p') and not c.relispartition
      group by 1, 2 order by 1, 2`,
    [["public", jobsSchema]],
  );
  return rows;
}

/** pg-boss's queues and their policies, in its schema (reviewed in tests/architecture/district-scoped-sql.test.ts: no district's data). */
const queuesStatement = (schema: string) => ["select name, policy from", `${quote(schema)}.queue`, "order by name"].join(" ");

/** Whether the server is the embedded PGlite (its version string says so). */
async function serverInfo(client: pg.Client) {
  const { rows } = await client.query<{ version: string; server_version: string }>("select version(), current_setting('server_version') as server_version");
  return { kind: /PGlite/i.test(rows[0].version) ? ("pglite" as const) : ("postgresql" as const), version: rows[0].server_version };
}

/** Writes to a gzip stream, waiting when it is full. */
async function write(out: Writable, chunk: string | Buffer) {
  if (!out.write(chunk)) await once(out, "drain");
}

/**
 * Dumps the database into `file` (gzip'd SQL) as one consistent moment, and lists at that same
 * moment the rows of each table and the storage keys they refer to.
 *
 * PostgreSQL: pg_dump (plain SQL, schema and data), run on the snapshot this connection exports
 * (`--snapshot`), while the service goes on writing.
 *
 * PGlite: PostgreSQL 18 inside WebAssembly, which the machine's pg_dump (15) refuses ("server
 * version mismatch"), and @electric-sql/pglite-tools' pgDump needs the PGlite instance in its own
 * process, runs synchronously (the owner's event loop, which serves the app, stops for the whole
 * dump), holds the whole dump in memory, and pins an older PGlite as its peer. So the data is read
 * here with COPY … TO STDOUT through the owner's socket and written in pg_dump's own data format
 * (COPY … FROM stdin blocks); the schema is the one the recorded migrations build, which restore
 * applies first. PGlite serves one transaction at a time, so the tables are read in short slices
 * while the service goes on, and the rows that changed meanwhile are taken in one short closing
 * transaction (embedded-dump.ts; docs/operations.md "Backups and restore").
 */
export async function dumpDatabase(
  url: string,
  file: string,
  options: { jobsSchema: string; scratchFile: string; onFileKeys: (keys: string[]) => Promise<void> },
): Promise<DumpResult> {
  const client = new pg.Client({ connectionString: url, application_name: "cas-backup" });
  await client.connect();
  // Level 1: several times faster than the default, and SQL text still shrinks about fivefold.
  const gzip = zlib.createGzip({ level: 1 });
  const hash = createHash("sha256");
  let bytes = 0;
  gzip.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  const out = fs.createWriteStream(file, { flags: "wx" });
  const written = once(gzip.pipe(out), "finish");
  try {
    const server = await serverInfo(client);
    const tables = await listTables(client, options.jobsSchema);
    let migrations: string[] = [];
    let fileKeys: string[] = [];
    let queues: Array<{ name: string; policy: string }> = [];
    /** What the archive reads at the dump's moment, beside the rows. */
    const readTheMoment = async () => {
      migrations = (await client.query<{ name: string }>("select name from _cas_migrations order by name")).rows.map((r) => r.name);
      fileKeys = await storedFileKeys(client);
      // Still at that moment: no file can be deleted first (on PGlite nothing else runs meanwhile).
      await options.onFileKeys(fileKeys);
      queues = tables.some((t) => t.schema === options.jobsSchema && t.name === "queue")
        ? (await client.query<{ name: string; policy: string }>(queuesStatement(options.jobsSchema))).rows
        : [];
    };
    let rows: Record<string, number> = {};
    if (server.kind === "postgresql") {
      await client.query("begin isolation level repeatable read read only");
      const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0].id;
      await readTheMoment();
      for (const t of tables) rows[tableName(t)] = Number((await client.query<{ n: string }>(countStatement(tableName(t)))).rows[0].n);
      await runPgDump(url, snapshot, gzip);
      await client.query("commit");
    } else {
      // Service tables ("_…": migrations, a backup's own capture) are not data; of pg-boss's, its jobs.
      const dumped = tables.filter((t) => (t.schema === "public" ? !t.name.startsWith("_") : ["job", "archive"].includes(t.name)));
      rows = await dumpEmbeddedTables(client, dumped, gzip, {
        scratchFile: options.scratchFile,
        inClosing: readTheMoment,
        header: () => `-- CAS data dump (COPY blocks, pg_dump's text format) of ${dumped.length} tables, over migrations up to ${migrations.at(-1)}\n`,
      });
    }
    gzip.end();
    await written;
    const database = {
      kind: server.kind,
      server_version: server.version,
      jobs_schema: options.jobsSchema,
      job_queues: queues,
      dump: server.kind === "postgresql" ? ("pg_dump" as const) : ("copy" as const),
      bytes,
      sha256: hash.digest("hex"),
    };
    return { database, migrations, rows, fileKeys };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Only what libpq understands of DATABASE_URL (Prisma adds its own parameters, which pg_dump refuses). */
function libpqUrl(url: string) {
  const parsed = new URL(url);
  const keep = new Set([
    "sslmode",
    "sslrootcert",
    "sslcert",
    "sslkey",
    "application_name",
    "options",
    "connect_timeout",
    "target_session_attrs",
    "host",
    "port",
  ]);
  for (const name of [...parsed.searchParams.keys()]) if (!keep.has(name)) parsed.searchParams.delete(name);
  return parsed.toString();
}

async function runPgDump(url: string, snapshot: string, out: Writable) {
  const child = spawn("pg_dump", ["--format=plain", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--dbname", libpqUrl(url)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.once("error", (error) => reject(new Error(`cannot run pg_dump (install postgresql-client): ${error.message}`)));
    child.once("close", (code) => resolve(code ?? 1));
  });
  for await (const chunk of child.stdout) await write(out, chunk as Buffer);
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump failed (exit code ${code}): ${stderr.trim()}`);
}
