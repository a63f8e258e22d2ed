/** Shapes of /api/forms, as lib/forms serializes them. */
export type FieldType = "dropdown" | "text" | "checkbox" | "file";

/** A multilingual text: language code → string. */
export type Multilingual = Record<string, string>;

export type FormField = { id: string; type: FieldType; label: Multilingual; options?: Multilingual[]; p?: 1 };

export type InterviewForm = { id: string; name: string; fields: FormField[]; created_at: number; updated_at: number };

export type FormInput = { name?: string; fields?: FormField[]; force?: boolean };

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  dropdown: "Dropdown",
  text: "Text",
  checkbox: "Checkbox",
  file: "File upload",
};

/** The text in the reader's language, else English, else the first language given. */
export function inLanguage(text: Multilingual | undefined, language: string): string {
  if (!text) return "";
  return text[language] ?? text[language.split("-")[0]] ?? text.en ?? Object.values(text)[0] ?? "";
}
