import { readFormFields } from "./read-form-fields";
import type { Form } from "./schemas";

export const formSelect = { id: true, name: true, fields: true, createdAt: true, updatedAt: true } as const;

type FormRow = { id: string; name: string; fields: unknown; createdAt: Date; updatedAt: Date };

/** The form resource, whitelisted field by field. */
export function serializeForm(f: FormRow) {
  return {
    id: f.id,
    name: f.name,
    fields: readFormFields(f.fields).map((field) => ({
      id: field.id,
      type: field.type,
      label: field.label,
      ...(field.type === "dropdown" ? { options: field.options ?? [] } : {}),
      ...(field.p === 1 ? { p: 1 as const } : {}),
      ...(field.scorecard === 1 ? { scorecard: 1 as const } : {}),
    })),
    created_at: f.createdAt.getTime(),
    updated_at: f.updatedAt.getTime(),
  } satisfies Form;
}
