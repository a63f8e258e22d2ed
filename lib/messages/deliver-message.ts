import "server-only";
import { EVENTS, type ConversationSummary } from "./realtime-events.shared";
import { publishToReaders } from "./publish-to-readers";
import { serializeMessage, type MessageRow, type Reader } from "./serialize-message";
import { ORIGINAL, type ReaderTranslations } from "./translate-for-readers";

/**
 * The fan-out of a new message, once it is written and translated: pushed to each reader's
 * person channel in their language, one payload per language group (the sender and readers of
 * the message's own language get it as written). With `conversation`, the event is
 * `conversation-created` and carries the conversation too.
 */
export async function deliverMessage(
  args: { conversationId: string; row: MessageRow; readers: Reader[]; conversation?: ConversationSummary },
  { groupOf, translations }: ReaderTranslations,
) {
  const { conversationId, row, readers, conversation } = args;
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
