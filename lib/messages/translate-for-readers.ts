import type { MessageRow, Reader } from "./serialize-message";
import { dropTranslationJob, translationLanguages } from "./translation-job";
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
 * process (translate-messages.ts), so that they get it in their language at once. `job` is the
 * message's translation job, queued with it (translation-job.ts): removed when every language
 * was made here, else left to make the others, retried until they are made.
 */
export async function translateForReaders(districtId: string, row: MessageRow, readers: Reader[], job: string | null): Promise<ReaderTranslations> {
  const groupOf = (reader: Reader) => (reader.personId === row.senderId || reader.language === row.language ? ORIGINAL : reader.language);
  const targets = new Set(readers.map(groupOf).filter((group) => group !== ORIGINAL));
  const translations = await translationsIntoEach(districtId, [row], targets);
  if (job && translationLanguages(row, readers).every((language) => translations.get(language)?.has(row.id))) await dropTranslationJob(job);
  return { groupOf, translations };
}
