import { z } from "zod";

/**
 * manifest.json, the last entry of every backup archive: what the archive must hold, checked by
 * `restore` and `backup verify` before anything is trusted. The archive's other entries are
 * DUMP_ENTRY (the database, gzip'd SQL) and FILES_PREFIX + each storage key.
 */
export const MANIFEST_ENTRY = "manifest.json";
/** The manifest's SHA-256 (hex), after it: a damaged manifest is told apart from a damaged file. */
export const MANIFEST_CHECKSUM_ENTRY = "manifest.json.sha256";
export const DUMP_ENTRY = "database.sql.gz";
export const FILES_PREFIX = "files/";
export const ARCHIVE_FORMAT = "cas-backup";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  /** The service's version (package.json) that took it. */
  service_version: z.string(),
  database: z.object({
    /** Where it came from: the embedded PGlite or a PostgreSQL server. */
    kind: z.enum(["pglite", "postgresql"]),
    server_version: z.string(),
    /** The schema of the job queue's tables (JOBS_SCHEMA then). */
    jobs_schema: z.string(),
    /** pg-boss's queues ("copy" dumps): made again before their jobs are loaded (each is a partition of its own). */
    job_queues: z.array(z.object({ name: z.string(), policy: z.string() })),
    /**
     * "pg_dump": pg_dump's plain SQL, schema and data. "copy": the data only, as COPY blocks in
     * pg_dump's own text format, over the schema that `migrations` build (lib/backup/dump-database.ts says why).
     */
    dump: z.enum(["pg_dump", "copy"]),
    bytes: z.number().int().nonnegative(),
    sha256,
  }),
  /** Migrations applied to the database when it was dumped, in order. */
  migrations: z.array(z.string()),
  /** Rows of each table ("schema.table") in the dumped snapshot. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(z.object({ key: z.string(), bytes: z.number().int().nonnegative(), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest's text, or why it is not one. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_ENTRY} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${MANIFEST_ENTRY} is not a backup manifest: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export const totalRows = (manifest: Pick<Manifest, "rows">) => Object.values(manifest.rows).reduce((a, b) => a + b, 0);
