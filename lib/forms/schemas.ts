import { z } from "zod";
import { multilingualTextResponseSchema, timestampSchema } from "@/lib/http/schemas";
import { ID_RULE } from "@/lib/ids/ids.shared";
import { idText } from "@/lib/ids/id-schemas";
import { languageSchema } from "@/lib/people/schemas";
import { safeRecord } from "@/lib/validation/safe-record";
import { text } from "@/lib/validation/text.shared";

const FIELD_TYPES = ["dropdown", "text", "checkbox", "file"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A multilingual text: language code -> string, e.g. { "en": "Yes", "es": "Sí" }. */
export const multilingualTextSchema = safeRecord(languageSchema, text().max(20_000));

const label = multilingualTextSchema.refine((t) => Object.keys(t).length > 0, "Give the text in at least one language.");

export const formFieldSchema = z
  .object({
    id: idText(ID_RULE),
    type: z.enum(FIELD_TYPES),
    label,
    options: z.array(label).min(1, "A dropdown needs at least one option.").max(200).optional(),
    /** 1 marks a private field: hidden from candidates and mentors. */
    p: z.union([z.literal(0), z.literal(1)]).optional(),
    /** 1 marks a scorecard field: each board member answers it on their own scorecard (lib/scorecards), never in `responses`. */
    scorecard: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .superRefine((field, zctx) => {
    if (field.type === "dropdown" && !field.options) {
      zctx.addIssue({ code: "custom", path: ["options"], message: "A dropdown needs its options." });
    }
    if (field.type !== "dropdown" && field.options) {
      zctx.addIssue({ code: "custom", path: ["options"], message: "Only dropdown fields have options." });
    }
    // A scorecard holds no attachments: its answers are values, kept on the scorecard itself.
    if (field.type === "file" && field.scorecard === 1) {
      zctx.addIssue({ code: "custom", path: ["scorecard"], message: "A file field cannot be a scorecard field." });
    }
  });

export type FormField = { id: string; type: FieldType; label: Record<string, string>; options?: Record<string, string>[]; p?: 1; scorecard?: 1 };

const fieldsSchema = z
  .array(formFieldSchema)
  .max(200)
  .superRefine((fields, zctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.id)) zctx.addIssue({ code: "custom", path: [i, "id"], message: `Duplicate field id: ${f.id}` });
      seen.add(f.id);
    });
  })
  // Stored canonically: `p` only when private, `scorecard` only on scorecard fields, `options` only on dropdowns.
  .transform((fields): FormField[] =>
    fields.map((f) => ({
      id: f.id,
      type: f.type,
      label: f.label,
      ...(f.options ? { options: f.options } : {}),
      ...(f.p === 1 ? { p: 1 as const } : {}),
      ...(f.scorecard === 1 ? { scorecard: 1 as const } : {}),
    })),
  );

const name = text().trim().min(1, "Required.").max(200);

export const createFormSchema = z.object({ name, fields: fieldsSchema.default([]) });

export const updateFormSchema = z.object({
  name: name.optional(),
  fields: fieldsSchema.optional(),
  /** Allows dropping fields that hold answers; those answers (and attachments) are deleted. */
  force: z.boolean().optional(),
});

export type CreateFormInput = z.infer<typeof createFormSchema>;
export type UpdateFormInput = z.infer<typeof updateFormSchema>;

// ---- Responses ----

/** A field as returned: `options` on dropdowns only, `p: 1` on private fields only. */
export const formFieldResponseSchema = z
  .object({
    id: z.string().describe("Unique within the form; the key of the field's answer in an interview's `responses`."),
    type: z
      .enum(FIELD_TYPES)
      .describe("dropdown: answered with the 1-based option index; text: a multilingual text; checkbox: 0 or 1; file: file records keyed by file id."),
    label: multilingualTextResponseSchema,
    options: z.array(multilingualTextResponseSchema).optional().describe("The choices of a dropdown, in order (present on dropdown fields only)."),
    p: z.literal(1).optional().describe("1 marks a private field: hidden from candidates and mentors, with its answers (absent on other fields)."),
    scorecard: z
      .literal(1)
      .optional()
      .describe(
        "1 marks a scorecard field: each member of the interview's board answers it on their own scorecard (`…/scorecards/me`), never in the interview's `responses`. Not a file field. Hidden from candidates and mentors. Absent on other fields.",
      ),
  })
  .describe("A field of an interview form.");

/** A form (lib/forms/serialize-form.ts). Candidates and mentors get it without its private fields. */
export const formSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fields: z
      .array(formFieldResponseSchema)
      .describe("The ordered fields. Without the private ones (`p: 1`) and the scorecard ones (`scorecard: 1`) for candidates and mentors."),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .describe("An interview form: an ordered list of fields.");

export type FormFieldResponse = z.infer<typeof formFieldResponseSchema>;
export type Form = z.infer<typeof formSchema>;
