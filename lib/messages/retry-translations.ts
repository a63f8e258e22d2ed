import "server-only";
import { translator } from "@/lib/ai/providers";
import { enqueueJob } from "@/lib/jobs/enqueue";
import type { JobData } from "@/lib/jobs/queues";
import { db } from "@/lib/db/client";
import type { MessageRow } from "./serialize-message";
import { translationsInto } from "./translate-messages";

/** First retry of a translation the provider could not make when the message was posted. */
const RETRY_AFTER_SECONDS = 30;

/**
 * After delivery: languages a translator covers but could not make now (a provider down, a
 * time-out) are queued as one job, retried with backoff for about a day, so that the message
 * reads in every reader's language once the provider is back. Readers meanwhile get it as
 * written (`translation: "unavailable"`), and any read tries again too.
 */
export async function retryMissingTranslations(districtId: string, row: MessageRow, targets: Set<string>, made: Map<string, Map<string, string>>) {
  const engine = translator();
  if (!engine || row.kind !== "message") return;
  const languages = [...targets].filter((language) => !made.get(language)?.has(row.id) && engine.supports(row.language, language));
  if (!languages.length) return;
  await enqueueJob("message-translate", { districtId, messageId: row.id, languages }, { startAfter: RETRY_AFTER_SECONDS }).catch((error) =>
    console.error(`[messages] could not queue the translations of ${row.id}: ${(error as Error).message}`),
  );
}

/** The job: each language still missing is made (once, across processes); one that still fails fails the job, which retries. */
export async function translateMessageJob(data: JobData["message-translate"]) {
  const message = await db().message.findFirst({ where: { id: data.messageId, districtId: data.districtId }, select: { id: true, body: true, language: true, kind: true } });
  if (!message) return { skipped: "the message is gone" };
  const missing: string[] = [];
  for (const language of data.languages) {
    if (!(await translationsInto(data.districtId, [message], language)).has(message.id)) missing.push(language);
  }
  if (missing.length) throw new Error(`No translation into ${missing.join(", ")} yet.`);
  return { translated: data.languages };
}
