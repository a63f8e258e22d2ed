import { z } from "zod";
import { ID_PATTERN } from "@/lib/http/route";

export const idSchema = z.string().regex(ID_PATTERN, "Not a valid id.");

const name = z.string().trim().min(1, "Required.").max(100);

/** A BCP 47 language tag, checked by the runtime's own Intl parser. */
export const languageSchema = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, "Not a BCP 47 language code (for example en, es or pt-BR).");

/** role id -> 1 (primary) | 2 (secondary); at most one primary. */
export const rolesMapSchema = z
  .record(idSchema, z.union([z.literal(1), z.literal(2)], { error: "Use 1 for the primary role, 2 for a secondary one." }))
  .refine((roles) => Object.values(roles).filter((v) => v === 1).length <= 1, "Only one role can be primary.");

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

export const createPersonSchema = z.object({
  first: name,
  last: name,
  email: z.email("Not a valid e-mail address.").trim().max(254),
  language: languageSchema.optional(),
  roles: rolesMapSchema.optional(),
  tags: z.array(idSchema).max(200).optional(),
});

export const updatePersonSchema = createPersonSchema.partial().extend({
  archived: flag.optional(),
  /** The candidate's assigned mentors (person ids); replaces the current list. */
  mentors: z.array(idSchema).max(50).optional(),
});

const boolParam = z
  .enum(["true", "false", "1", "0"], { error: "Use true or false." })
  .transform((v) => v === "true" || v === "1");

export const listPeopleQuery = z.object({ archived: boolParam.optional() });

export const INCLUDES = ["files", "interviews", "tags", "photo_url"] as const;
export type Include = (typeof INCLUDES)[number];

export const getPersonQuery = z.object({
  include: z
    .string()
    .optional()
    .transform((value, zctx) => {
      const parts = (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
      const bad = parts.filter((p) => !(INCLUDES as readonly string[]).includes(p));
      if (bad.length) {
        zctx.addIssue({ code: "custom", message: `Unknown include: ${bad.join(", ")}. Allowed: ${INCLUDES.join(", ")}.` });
        return z.NEVER;
      }
      return new Set(parts as Include[]);
    }),
});

export type CreatePersonInput = z.infer<typeof createPersonSchema>;
export type UpdatePersonInput = z.infer<typeof updatePersonSchema>;
