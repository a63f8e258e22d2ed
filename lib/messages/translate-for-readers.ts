import "server-only";
import type { MessageRow, Reader } from "./serialize-message";
import { translationsIntoEach } from "./translate-messages";

/** Readers who get a message as written (its sender, readers of its language) form this group. */
export const ORIGINAL = "=original";

export type ReaderTranslations = {
  /** The group whose payload each reader gets: ORIGINAL, or their reading language. */
  groupOf: (reader: Reader) => string;
  /** Reading language → message id → body. */
  translations: Map<string, Map<string, string>>;
};

/**
 * A new message in every language its readers read, made now, once per language across every
 * process (translate-messages.ts), so that they get it in their language at once. What the
 * provider could not make now is left to the message's translation job (translation-job.ts).
 */
export async function translateForReaders(districtId: string, row: MessageRow, readers: Reader[]): Promise<ReaderTranslations> {
  const groupOf = (reader: Reader) => (reader.personId === row.senderId || reader.language === row.language ? ORIGINAL : reader.language);
  const targets = new Set(readers.map(groupOf).filter((group) => group !== ORIGINAL));
  const translations = await translationsIntoEach(districtId, [row], targets);
  return { groupOf, translations };
}
