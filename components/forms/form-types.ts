/** Shapes of /api/forms: the server's own schemas' types (type-only, nothing server-side is bundled). */
import type { FieldType, Form, FormFieldResponse, UpdateFormInput } from "@/lib/forms/schemas";
import { languageCode } from "@/lib/languages/language-code.shared";

export type { FieldType };

/** A multilingual text: language code → string. */
export type Multilingual = Record<string, string>;

export type FormField = FormFieldResponse;

export type InterviewForm = Form;

export type FormInput = UpdateFormInput;

/** The field types, in the order the editor offers them; named by the forms messages (`fieldTypes.<type>`). */
export const FIELD_TYPES: FieldType[] = ["dropdown", "text", "checkbox", "file"];

/** The text in the reader's language, else English, else the first language given. */
export function inLanguage(text: Multilingual | undefined, language: string): string {
  if (!text) return "";
  return text[language] ?? text[languageCode(language) ?? language] ?? text.en ?? Object.values(text)[0] ?? "";
}
