import { z } from "zod";
import { permissionSchema, roleKindSchema } from "@/lib/auth/permissions";
import { tagSchema } from "@/lib/definitions/schemas";
import { cursorParam, limitParam } from "@/lib/http/page-params";
import { flagSchema, timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { interviewSummarySchema } from "@/lib/interviews/schemas";
import { notificationPreferencesInputSchema, notificationPreferencesSchema } from "@/lib/notifications/schemas";
import { safeRecord } from "@/lib/validation/safe-record";
import { commaList } from "@/lib/validation/comma-list";
import { text } from "@/lib/validation/text.shared";

const name = text().trim().min(1, "Required.").max(100);

/** A BCP 47 language tag, checked by the runtime's own Intl parser. */
export const languageSchema = text()
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
const rolesMapSchema = safeRecord(idSchema, z.union([z.literal(1), z.literal(2)], { error: "Use 1 for the primary role, 2 for a secondary one." })).refine(
  (roles) => Object.values(roles).filter((v) => v === 1).length <= 1,
  "Only one role can be primary.",
);

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

export const createPersonSchema = z.object({
  first: name,
  last: name,
  email: text().trim().max(254).pipe(z.email("Not a valid e-mail address.")),
  language: languageSchema.optional(),
  roles: rolesMapSchema.optional(),
  tags: z.array(idSchema).max(200).optional(),
});

export const updatePersonSchema = createPersonSchema.partial().extend({
  archived: flag.optional(),
  /** The candidate's assigned mentors (person ids); replaces the current list. */
  mentors: z.array(idSchema).max(50).optional(),
});

const boolParam = z.enum(["true", "false", "1", "0"], { error: "Use true or false." }).transform((v) => v === "true" || v === "1");

/** The most people one `ids` filter may name: a page names a candidate, their mentors and a board. */
export const MAX_LISTED_IDS = 100;

/** `ids=a,b,c`: only these people (those of them the caller may see), without repeats. */
const idsParam = text().transform((value, zctx) => {
  const ids = commaList(value);
  if (!ids.length || ids.length > MAX_LISTED_IDS || ids.some((id) => !idSchema.safeParse(id).success)) {
    zctx.addIssue({ code: "custom", message: `Name 1 to ${MAX_LISTED_IDS} valid person ids, separated by commas.` });
    return z.NEVER;
  }
  return ids;
});

export const listPeopleQuery = z.object({
  archived: boolParam.optional(),
  ids: idsParam.optional(),
  role_kind: roleKindSchema.optional(),
  role: idSchema.optional(),
  tag: idSchema.optional(),
  q: text().max(200).optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});

export const INCLUDES = ["files", "interviews", "tags", "photo_url"] as const;
export type Include = (typeof INCLUDES)[number];

export const getPersonQuery = z.object({
  include: text()
    .optional()
    .transform((value, zctx) => {
      const parts = commaList(value ?? "");
      const bad = parts.filter((p) => !(INCLUDES as readonly string[]).includes(p));
      if (bad.length) {
        zctx.addIssue({ code: "custom", message: `Unknown include: ${bad.join(", ")}. Allowed: ${INCLUDES.join(", ")}.` });
        return z.NEVER;
      }
      return new Set(parts as Include[]);
    }),
});

/** PATCH /api/me: what a person may change about themself. */
export const updateMeSchema = z
  .strictObject({
    language: languageSchema.optional(),
    notifications: notificationPreferencesInputSchema.optional().describe("Which e-mail notifications to get: the kinds sent change, the others stay."),
  })
  .refine((value) => value.language !== undefined || value.notifications !== undefined, { message: "Send `language`, `notifications` or both." });

export type CreatePersonInput = z.infer<typeof createPersonSchema>;
export type UpdateMeInput = z.infer<typeof updateMeSchema>;
export type UpdatePersonInput = z.infer<typeof updatePersonSchema>;

// ---- Responses ----

/** The Person resource (lib/people/serialize-person.ts): exactly the create response. */
export const personSchema = z
  .object({
    id: z.string(),
    first: z.string(),
    last: z.string(),
    email: z.string().describe("Unique within the district (case-insensitively)."),
    language: z.string().describe("BCP 47 language code; `en` by default."),
    roles: z.record(z.string(), z.union([z.literal(1), z.literal(2)])).describe("Role id -> 1 (primary) or 2 (secondary). `{}` when none."),
    tags: z.array(z.string()).describe("Tag ids; `[]` when none."),
    archived: flagSchema.describe("1 for an archived person (signed out, listed only with `archived=true`)."),
    district_id: z.string(),
    created_at: timestampSchema,
  })
  .describe("A person of the district, as created (the create response has no `avatar_url`).");

/** An element of GET /api/people: the Person with `avatar_url: null`. */
export const personListItemSchema = personSchema
  .extend({ avatar_url: z.null().describe("Always null in list results; fetch the person for a URL.") })
  .describe("A person in list results.");

/** A file uploaded for a person (lib/people/person-files.ts `serializePersonFile`). */
export const personFileSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("Display name."),
    url: z.string().describe("Where to fetch the file ({base_url}/files/…, with the same Authorization)."),
    content_type: z.string(),
    size: z.int().describe("Bytes."),
    created_at: timestampSchema,
  })
  .describe("A file uploaded for a person.");

/** The single-person result (lib/people/get-person.ts): Person + avatar_url + mentors + what `include` asks for. */
export const personDetailSchema = personSchema
  .extend({
    avatar_url: z.string().describe("URL of the person's photo, or of an initials picture when there is none."),
    mentors: z.array(z.string()).describe("Person ids of the assigned mentors, in the order they were assigned; `[]` when none."),
    photo_url: z
      .string()
      .nullable()
      .optional()
      .describe("With `include=photo_url` (and in the photo upload response): the uploaded photo's URL, or null without one."),
    files: z.array(personFileSchema).optional().describe("With `include=files`: the person's uploaded files, oldest first."),
    tag_details: z.array(tagSchema).optional().describe("With `include=tags`: the person's tags with their names, in the order of `tags`."),
    interviews: z
      .array(interviewSummarySchema)
      .optional()
      .describe("With `include=interviews`: the person's interviews the caller may see, newest first, in the list shape."),
  })
  .describe("A single person, with the extras asked for by `include`.");

/** GET /api/me (lib/people/me.ts). */
export const meSchema = z
  .object({
    person: personDetailSchema.describe("The signed-in person (single-person shape, no includes)."),
    district: z.object({ id: z.string(), name: z.string() }).describe("The person's district."),
    kinds: z.array(roleKindSchema).describe("The kinds of the roles the person holds."),
    permissions: z.array(permissionSchema).describe("What the person may change (an admin-kind role holds all)."),
    staff: z.boolean().describe("true for admins and board members."),
    sees_all_interviews: z.boolean().describe("true when the person sees every interview of the district, with private fields."),
    notifications: notificationPreferencesSchema,
  })
  .describe("Who the session belongs to and what they may do.");

export type Person = z.infer<typeof personSchema>;
export type PersonFile = z.infer<typeof personFileSchema>;
export type Me = z.infer<typeof meSchema>;
