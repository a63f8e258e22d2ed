import { inject } from "vitest";

// Every test worker talks to the database and data folder made by global-setup.ts.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
process.env.NEXTAUTH_SECRET = "test-secret";
process.env.DATABASE_POOL_SIZE = "4";
delete process.env.SMTP_URL;
delete process.env.BLOB_READ_WRITE_TOKEN;
delete process.env.BASE_URL;
