/**
 * A second process running a message's translation job, for tests/api/messages-translation-job.test.ts:
 * on the same database and provider as the test's process, at the same instant, to show that
 * each language is made by one provider call across processes.
 *
 *   node --import tsx --import ./scripts/server-only-stub.mjs tests/helpers/translate-child.ts '<json: { data, at }>'
 *
 * Prints `result <json>` (what the job answered) or `error <message>`.
 */
import { db, disconnectDb } from "@/lib/db/client";
import type { JobData } from "@/lib/jobs/queues";
import { translateMessage } from "@/lib/messages/translation-job";

const { data, at } = JSON.parse(process.argv[2]) as { data: JobData["message-translate"]; at: number };

await db().$queryRaw`select 1`; // connected before the instant
await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
try {
  process.stdout.write(`result ${JSON.stringify(await translateMessage(data))}\n`);
} catch (error) {
  process.stdout.write(`error ${(error as Error).message}\n`);
}
await disconnectDb();
process.exit(0);
