import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));
const commaList = optionalText.transform((v) =>
  v
    ? v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
    : [],
);

// All configuration, validated once. Read through env(), never process.env elsewhere.
const schema = z.object({
  NODE_ENV: z.string().default("development"),
  DATABASE_URL: z.string().optional(),
  /**
   * Set by `npm start` (and the test setup) when DATABASE_URL is the embedded PGlite it serves:
   * one process owns that database, so counters stay in memory. Unset, DATABASE_URL is a server
   * the operator runs, which several app processes may share. Never set it by hand.
   */
  EMBEDDED_DATABASE: bool,
  /**
   * Largest JavaScript heap of the app's server process, in MB: V8 collects garbage well before
   * it, instead of letting the heap grow to a quarter of the machine's memory.
   */
  APP_HEAP_MB: z.coerce.number().int().min(64).default(256),
  /**
   * Connections each process keeps to the database (Prisma and the app's own reads). Default: 10
   * on a PostgreSQL server, 4 on the embedded database (see withDatabaseDefaults).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().optional(),
  /**
   * Longest wait for a pooled connection, or for a transaction to start, in milliseconds; beyond
   * it the request is refused with 503 `overloaded` (lib/http/errors.ts), never failed.
   */
  DATABASE_WAIT_MS: z.coerce.number().int().positive().default(2000),
  DATA_DIR: z.string().default("./.data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface the app listens on; loopback unless set (then BASE_URL is required). */
  HOST: optionalText,
  BASE_URL: optionalText.pipe(z.url().optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default("Credentials Administration <no-reply@cas.localhost>"),
  NEXTAUTH_SECRET: z.string().optional(),
  /** One OpenID Connect provider for the whole service (next-auth id `oidc`); districts may set their own in settings (lib/sso/). */
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  /** Issuer hosts a district may use over http or on a private address (a test provider): like WEBHOOK_URL_HOSTS. */
  OIDC_ISSUER_HOSTS: commaList,
  BLOB_READ_WRITE_TOKEN: optionalText,
  MAX_JSON_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * API requests one process works on at once; more wait in line (lib/http/admission.ts).
   * Default: DATABASE_POOL_SIZE (see withDatabaseDefaults).
   */
  MAX_ACTIVE_REQUESTS: z.coerce.number().int().positive().optional(),
  /**
   * API requests waiting in line per process; beyond, 503 overloaded at once. 128 rather than 256:
   * the same throughput under a burst with a shorter wait, and a process that stays under 300 MB
   * when overloaded (docs/benchmarks.md "Mixed load").
   */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(128),
  /**
   * How long a request may wait in line, in milliseconds: one whose expected wait is longer is
   * refused (503) as it arrives, and one still waiting after it is refused then. Long enough that
   * the requests of a few people opening pages at once (or 20 recordings finalized at once on two
   * apps) all wait their turn; a burst beyond it is refused at once.
   */
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(3000),
  SIGN_IN_LINKS_PER_15_MINUTES: z.coerce.number().int().positive().default(5),
  /** A person with unread messages who has made no request and held no realtime connection for this long gets an e-mail (lib/notifications). */
  NOTIFY_AFTER_SECONDS: z.coerce.number().int().min(0).default(600),
  /** `false`: no notification e-mails at all (the sweep claims nothing). The test suite sets it, and turns it on where it tests them. */
  NOTIFY_EMAILS: bool.transform((v) => v ?? true),
  /** The district office's time zone: dates and times are shown in it. Default: the server's. */
  TIME_ZONE: optionalText.pipe(
    z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "Not an IANA time zone (for example Europe/Madrid or America/Chicago).")
      .optional(),
  ),

  // ---- audio ----
  MAX_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  CHUNK_TTL_HOURS: z.coerce.number().positive().default(48),
  /** Largest request sent to a speech-to-text provider; longer audio is cut at silences. */
  TRANSCRIBE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 1024 * 1024),
  /** Longest stretch of audio transcribed at once: progress and resuming after a crash go piece by piece. */
  TRANSCRIBE_PIECE_SECONDS: z.coerce.number().int().min(30).max(3600).default(180),
  /** Hosts (besides this service's own /files URLs) that transcribe may fetch audio from. */
  TRANSCRIBE_URL_HOSTS: commaList,
  /** An ffmpeg binary; default: the one shipped by @ffmpeg-installer/ffmpeg (a dev dependency; the image sets Debian's). */
  FFMPEG_PATH: optionalText,

  // ---- AI providers (OpenAI-compatible; offline engines otherwise) ----
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  OPENAI_TRANSCRIBE_MODEL: z.string().default("whisper-1"),
  OPENAI_TEXT_MODEL: z.string().default("gpt-4o-mini"),

  // ---- durable jobs (pg-boss, on the service's own database) ----
  /** PostgreSQL schema of the job tables; every app and worker process of one service shares it. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "Use lower-case letters, digits and _.")
    .default("pgboss"),
  /** How often a worker process asks which of its queues have a job due (lib/jobs/run-workers.ts). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(0.5),
  /** The test setup also runs job workers inside the test process (tests/helpers/job-workers.ts); a test file running its own sets 0. */
  JOBS_IN_PROCESS: bool,
  /** A running step whose worker has not renewed its lease in this time is run again elsewhere. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),

  // ---- webhooks (lib/webhooks/) ----
  /** Hosts a webhook endpoint may be on even where they resolve to loopback or a private network (and may use http). */
  WEBHOOK_URL_HOSTS: commaList,
  /** How long one delivery waits for the endpoint's answer, in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Overrides the webhook-deliver queue's retries and first delay (tests use a few quick ones). */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(30).optional(),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),

  // ---- realtime (Pusher protocol) ----
  PUSHER_APP_ID: optionalText,
  PUSHER_KEY: optionalText,
  PUSHER_SECRET: optionalText,
  PUSHER_CLUSTER: optionalText,
  PUSHER_HOST: optionalText,
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_USE_TLS: bool,
  /**
   * Where browsers open the realtime socket (`wss://realtime.example.org`), when that is not where
   * the app processes publish: a TLS proxy in front of the server, which the app processes reach
   * directly on their own network (compose.yaml). Default: the same place.
   */
  REALTIME_PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^wss?$/, error: "A ws:// or wss:// URL, such as wss://realtime.example.org." })
      .refine((url) => /^wss?:\/\/[^/?#]+\/?$/i.test(url), "Only the scheme, host and port: no path, query or fragment.")
      .optional(),
  ),
  /** Port of the embedded Pusher-protocol server that `npm start` runs when no PUSHER_* is set. */
  REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(6001),

  // ---- backups (lib/backup/) ----
  /** Folder of the scheduled backups; unset, none is scheduled (`npm run admin -- backup` still works). */
  BACKUP_DIR: optionalText,
  /** When the scheduled backup runs: a cron expression (UTC). Default: daily at 02:17. */
  BACKUP_SCHEDULE: z.string().trim().min(1).default("17 2 * * *"),
  /** Which scheduled backups are kept: the newest of each of the last N days (d), weeks (w), months (m). */
  BACKUP_KEEP: z
    .string()
    .trim()
    .regex(/^\d+[dwm](,\d+[dwm])*$/, "Like 7d,4w,12m.")
    .default("7d,4w,12m"),
  /** Encrypts backups with age (scrypt passphrase); restore and verify need the same one. */
  BACKUP_PASSPHRASE: optionalText,

  // ---- logs and metrics (lib/logging/, lib/metrics/) ----
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "json" (one JSON object a line) or "pretty" (pino-pretty). Default: pretty under NODE_ENV=development (`npm run dev`), else json. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Appends the log lines to this file instead of writing them to stdout (the test run). */
  LOG_FILE: optionalText,
  /**
   * Who may set X-Request-Id: the reverse proxies in front of the app, as a comma-separated list of
   * addresses and CIDR ranges (`10.0.0.0/8, 192.168.1.7`), or `loopback`. Anyone else's is replaced.
   */
  TRUST_PROXY: commaList,
  /** A bearer token that opens GET /metrics on the app's port; without it (and METRICS_PORT), /metrics is 404. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "At least 16 characters.").optional()),
  /** A port on 127.0.0.1 where each process serves GET /metrics without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** An OTLP/HTTP collector (`http://127.0.0.1:4318`): requests and jobs are traced there (lib/tracing/). */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
});

type Parsed = z.infer<typeof schema>;
export type Env = Omit<Parsed, "DATABASE_POOL_SIZE" | "MAX_ACTIVE_REQUESTS"> & { DATABASE_POOL_SIZE: number; MAX_ACTIVE_REQUESTS: number; dataDir: string };

/**
 * How much work a process takes on at once. A request at work holds a database connection for
 * most of its time (its session read, its transaction, its answer's read), so as many requests
 * work at once as there are connections: more would wait for a connection, out of the admission
 * gate's sight, and be refused late (DATABASE_WAIT_MS) instead of at once. PostgreSQL runs
 * statements side by side: 10. The embedded database runs one statement, and one transaction, at
 * a time for all connections together, so more connections add no throughput there, only a longer
 * line inside it: 4 keep both cores busy (the app's work on one request overlaps the database's on
 * another). `npm run bench:load -- --burst` measured both (docs/benchmarks.md "Mixed load").
 */
function withDatabaseDefaults(parsed: Parsed) {
  const pool = parsed.DATABASE_POOL_SIZE ?? (parsed.EMBEDDED_DATABASE ? 4 : 10);
  return { DATABASE_POOL_SIZE: pool, MAX_ACTIVE_REQUESTS: parsed.MAX_ACTIVE_REQUESTS ?? pool };
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.parse(process.env);
    cached = { ...parsed, ...withDatabaseDefaults(parsed), dataDir: path.resolve(parsed.DATA_DIR) };
  }
  return cached;
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetEnvCache() {
  cached = undefined;
}
