import { z } from "zod";
import { timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { text } from "@/lib/validation/text.shared";

const name = text().trim().min(1, "Required.").max(200);

export const createProfileSchema = z.object({
  name,
  /** The default form of interviews created with this profile. */
  form_id: idSchema.nullable().default(null),
});
export const updateProfileSchema = z.object({ name: name.optional(), form_id: idSchema.nullable().optional() });

export type CreateProfileInput = z.infer<typeof createProfileSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

// ---- Responses ----

/** An interview profile (lib/profiles/serialize-profile.ts). */
export const profileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    form_id: z.string().nullable().describe("The default form of interviews created with this profile, or null."),
    created_at: timestampSchema,
  })
  .describe("An interview profile: a named kind of interview with its default form.");

export type Profile = z.infer<typeof profileSchema>;
