import type { FormField } from "@/lib/forms/schemas";

/**
 * The responses a candidate or mentor may read: only answers to the form's non-private
 * fields (`p: 1` fields are staff-only; answers without a field in the form are dropped too).
 */
export function stripPrivateFields(responses: Record<string, unknown>, fields: FormField[]): Record<string, unknown> {
  const open = new Set(fields.filter((f) => f.p !== 1).map((f) => f.id));
  return Object.fromEntries(Object.entries(responses).filter(([id]) => open.has(id)));
}
