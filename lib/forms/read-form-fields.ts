import type { FormField } from "./schemas";

/** The stored `fields` JSON, validated on the way in, read back as typed fields. */
export function readFormFields(stored: unknown): FormField[] {
  return Array.isArray(stored) ? (stored as FormField[]) : [];
}
