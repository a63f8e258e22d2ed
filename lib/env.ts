import path from "node:path";
import { z } from "zod";

// All configuration, validated once. Read through env(), never process.env elsewhere.
const schema = z.object({
  NODE_ENV: z.string().default("development"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./.data"),
  PORT: z.coerce.number().int().positive().default(3000),
  BASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Credentials Administration <no-reply@cas.localhost>"),
  NEXTAUTH_SECRET: z.string().optional(),
  BLOB_READ_WRITE_TOKEN: z.string().optional(),
  MAX_JSON_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  SIGN_IN_LINKS_PER_15_MINUTES: z.coerce.number().int().positive().default(5),
});

export type Env = z.infer<typeof schema> & { dataDir: string };

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.parse(process.env);
    cached = { ...parsed, dataDir: path.resolve(parsed.DATA_DIR) };
  }
  return cached;
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetEnvCache() {
  cached = undefined;
}
