import type { LastMessage, Message } from "./schemas";

export type MessageRow = {
  id: string;
  senderId: string;
  kind: string;
  body: string;
  language: string;
  reactions: unknown;
  seq: number;
  createdAt: Date;
};

export const messageSelect = {
  id: true,
  senderId: true,
  kind: true,
  body: true,
  language: true,
  reactions: true,
  seq: true,
  createdAt: true,
} as const;

/** Who reads, for the translation of others' messages. */
export type Reader = { personId: string; language: string };

/** The reactions as stored (emoji → person ids), copied into a fresh object of arrays of strings. */
export function reactionsOf(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return out;
  for (const [emoji, ids] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(ids) && ids.length) out[emoji] = ids.filter((id): id is string => typeof id === "string");
  }
  return out;
}

/**
 * A message as `reader` reads it (others' messages come in the reader's language): their own messages, notices and
 * messages already in their language as written; others' in their language, with the
 * original beside it, or as written with `translation: "unavailable"`. Field by field, so a
 * new column never leaks.
 */
export function serializeMessage(row: MessageRow, reader: Reader, translated: ReadonlyMap<string, string>): Message {
  const message: Message = {
    id: row.id,
    sender_id: row.senderId,
    body: row.body,
    reactions: reactionsOf(row.reactions),
    created_at: row.createdAt.getTime(),
    kind: row.kind === "left" || row.kind === "deleted" ? row.kind : "message",
    seq: row.seq,
    language: row.language,
  };
  if (message.kind !== "message" || row.senderId === reader.personId || row.language === reader.language) return message;
  const body = translated.get(row.id);
  if (body === undefined) return { ...message, translation: "unavailable" };
  // A text that reads the same in both languages (a name, a number) is shown as written.
  if (body === row.body) return message;
  return { ...message, body, language: reader.language, original: { language: row.language, body: row.body } };
}

/** The list's preview of a message: its id, body (as the reader reads it), sender and time. */
export function serializeLastMessage(row: MessageRow, reader: Reader, translated: ReadonlyMap<string, string>): LastMessage {
  const full = serializeMessage(row, reader, translated);
  return { id: full.id, body: full.body, sender_id: full.sender_id, created_at: full.created_at };
}
