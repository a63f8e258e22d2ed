import { EVENTS, type ConversationSummary } from "./realtime-events";
import { publishToReaders } from "./publish-to-readers";
import { serializeMessage, type MessageRow, type Reader } from "./serialize-message";
import { translationsIntoEach } from "./translate-messages";
import { retryMissingTranslations } from "./retry-translations";

const ORIGINAL = "=original";

/**
 * Translates a new message into every language its readers read (once per language, cached),
 * then pushes it to each reader's person channel in their language: one payload per language
 * group, the sender and readers of the message's own language getting it as written. A
 * translation the provider failed to make is queued as a job, retried until it is made. With
 * `conversation`, the event is `conversation-created` and carries the conversation too.
 */
export async function deliverMessage(args: { districtId: string; conversationId: string; row: MessageRow; readers: Reader[]; conversation?: ConversationSummary }) {
  const { districtId, conversationId, row, readers, conversation } = args;
  const groupOf = (reader: Reader) => (reader.personId === row.senderId || reader.language === row.language ? ORIGINAL : reader.language);
  const targets = new Set(readers.map(groupOf).filter((group) => group !== ORIGINAL));
  const translations = await translationsIntoEach(districtId, [row], targets);
  await retryMissingTranslations(districtId, row, targets, translations);

  const messageFor = (group: string) =>
    group === ORIGINAL
      ? serializeMessage(row, { personId: row.senderId, language: row.language }, new Map())
      : serializeMessage(row, { personId: "", language: group }, translations.get(group) ?? new Map());
  const base = { conversation_id: conversationId, seq: row.seq };
  await publishToReaders(
    readers.map((reader) => ({ personId: reader.personId, group: groupOf(reader) })),
    conversation ? EVENTS.conversationCreated : EVENTS.messageCreated,
    (group) => (conversation ? { ...base, conversation, message: messageFor(group) } : { ...base, message: messageFor(group) }),
    { ...base, reduced: true, message_id: row.id },
  );
}
