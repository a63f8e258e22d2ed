import "server-only";
import { translator } from "@/lib/ai/providers";
import { db, type Tx } from "@/lib/db/client";
import { jobBoss } from "@/lib/jobs/boss";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import type { JobData } from "@/lib/jobs/queues";
import { listReaders } from "./list-readers";
import { publishToReaders } from "./publish-to-readers";
import { EVENTS } from "./realtime-events.shared";
import { messageSelect, serializeMessage, type MessageRow, type Reader } from "./serialize-message";
import { translationsInto } from "./translate-messages";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("messages");

/**
 * A message's translations are durable work: the `message-translate` job for its readers'
 * languages is queued in the message's own transaction, due FALLBACK_AFTER_SECONDS later. The
 * request then translates at once (translate-for-readers.ts) and, when every language was made,
 * removes the job. So whatever happens to the request's process after the commit (it dies, the
 * provider is down or slow), the job translates the message, once per language across every
 * process (the claims in the translations table), retried with backoff for about a day, and
 * pushes it to the readers of those languages.
 *
 * Why the request still translates at once: readers then get the message in their language in
 * the one `message-created` event. A client counts each seq once (lib/messages/sequence-tracker.ts)
 * and keeps a message it has, so the job's later event adds the message for a reader who never got
 * the first one (the request's process died before delivering) and replaces a copy that came
 * without its translation (components/messages/chat-sync.ts).
 */
const FALLBACK_AFTER_SECONDS = 30;

/** Languages the readers need `row` in (not the sender's own, nor its language) that the translator covers. */
function translationLanguages(row: MessageRow, readers: Reader[]): string[] {
  const engine = translator();
  if (!engine || row.kind !== "message") return [];
  const wanted = new Set(readers.filter((r) => r.personId !== row.senderId && r.language !== row.language).map((r) => r.language));
  return [...wanted].filter((language) => engine.supports(row.language, language));
}

type Written = { row: MessageRow; readers: Reader[] };

/**
 * Runs `write` (the statement that stores a message and answers its readers, or null when it
 * wrote nothing) in one transaction with the message's translation job. Without a translator
 * there is no job to queue: the statement runs on its own.
 */
export async function writeWithTranslationJob<W extends Written>(
  districtId: string,
  write: (client: Tx) => Promise<W | null>,
): Promise<{ written: W | null; job: string | null }> {
  if (!translator()) return { written: await write(db() as unknown as Tx), job: null };
  return transactionWithJobs(async (tx, enqueue) => {
    const written = await write(tx);
    const languages = written ? translationLanguages(written.row, written.readers) : [];
    const job = languages.length
      ? await enqueue("message-translate", { districtId, messageId: written!.row.id, languages }, { startAfter: FALLBACK_AFTER_SECONDS })
      : null;
    return { written, job };
  });
}

/**
 * After the request delivered the message: when it made every translation the job was for, the
 * job has nothing left to do and is removed; otherwise it stays, to make the others.
 */
export async function settleTranslationJob(job: string | null, row: MessageRow, readers: Reader[], made: Map<string, Map<string, string>>) {
  if (!job || !translationLanguages(row, readers).every((language) => made.get(language)?.has(row.id))) return;
  await (
    await jobBoss()
  )
    .deleteJob("message-translate", job)
    .catch((error: Error) => log.error({ err: error, translationJob: job }, "could not drop a translation job"));
}

/**
 * The job: each language still missing is made (once, across processes), and the message is
 * pushed to its readers in each language it has now; a language that still fails fails the job,
 * which retries.
 */
export async function translateMessage(data: JobData["message-translate"]) {
  const message = await db().message.findFirst({
    where: { id: data.messageId, districtId: data.districtId },
    select: { ...messageSelect, conversationId: true },
  });
  if (!message) return { skipped: "the message is gone" };
  const { conversationId, ...row } = message;
  const made = new Map<string, Map<string, string>>();
  const missing: string[] = [];
  for (const language of data.languages) {
    const texts = await translationsInto(data.districtId, [row], language);
    if (texts.has(row.id)) made.set(language, texts);
    else missing.push(language);
  }
  const recipients = (await listReaders(data.districtId, conversationId))
    .filter((r) => r.personId !== row.senderId && made.has(r.language))
    .map((r) => ({ personId: r.personId, group: r.language }));
  const base = { conversation_id: conversationId, seq: row.seq };
  await publishToReaders(
    recipients,
    EVENTS.messageCreated,
    (language) => ({ ...base, message: serializeMessage(row, { personId: "", language }, made.get(language)!) }),
    {
      ...base,
      reduced: true,
      message_id: row.id,
    },
  );
  if (missing.length) throw new Error(`No translation into ${missing.join(", ")} yet.`);
  return { translated: [...made.keys()] };
}
