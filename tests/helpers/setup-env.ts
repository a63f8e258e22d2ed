import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { setLogDestination } from "@/lib/logging/logger";

// Every test worker talks to the database and data folder made by global-setup.ts.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
// As `npm start` says it: counters stay in memory on the embedded database, shared on a server.
if (inject("embeddedDatabase")) process.env.EMBEDDED_DATABASE = "1";
else delete process.env.EMBEDDED_DATABASE;
process.env.NEXTAUTH_SECRET = "test-secret";
process.env.DATABASE_POOL_SIZE = "4";
// Test files run side by side on a busy machine: a request refused for load (the default is as
// many at work as connections) would fail a test about something else. overload.test.ts and
// lib/http/admission.test.ts set their own limits.
process.env.MAX_ACTIVE_REQUESTS = "32";
// Likewise a connection or transaction that waits past 2 s for the embedded database, which serves
// three test files at once from vitest's own process (CI once failed a file's setup on it).
// overload.test.ts sets its own wait.
process.env.DATABASE_WAIT_MS = "10000";
delete process.env.SMTP_URL;
// The notification sweep reads every district: only tests/api/notifications*.test.ts turn it on.
process.env.NOTIFY_EMAILS = "false";
delete process.env.BLOB_READ_WRITE_TOKEN;
delete process.env.BASE_URL;
// Jobs run in the test file's own process (tests/helpers/job-workers.ts), from its own queue: a job
// always runs with the settings (AI servers, storage) of the file that queued it.
process.env.JOBS_IN_PROCESS = "1";
process.env.JOBS_SCHEMA = `jobs_${randomBytes(6).toString("hex")}`;

// The log lines of the run go to one file, scanned for secrets at its end (global-setup.ts).
setLogDestination(inject("logFile"));
