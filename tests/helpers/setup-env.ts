import { inject } from "vitest";

// Every test worker talks to the database and data folder made by global-setup.ts.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
// As `npm start` says it: counters stay in memory on the embedded database, shared on a server.
if (inject("embeddedDatabase")) process.env.EMBEDDED_DATABASE = "1";
else delete process.env.EMBEDDED_DATABASE;
process.env.NEXTAUTH_SECRET = "test-secret";
process.env.DATABASE_POOL_SIZE = "4";
delete process.env.SMTP_URL;
delete process.env.BLOB_READ_WRITE_TOKEN;
delete process.env.BASE_URL;
