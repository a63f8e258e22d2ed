import { z } from "zod";
import { idSchema } from "@/lib/people/schemas";

const name = z.string().trim().min(1, "Required.").max(200);

export const createProfileSchema = z.object({
  name,
  /** The default form of interviews created with this profile. */
  form_id: idSchema.nullable().default(null),
});
export const updateProfileSchema = z.object({ name: name.optional(), form_id: idSchema.nullable().optional() });

export type CreateProfileInput = z.infer<typeof createProfileSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
