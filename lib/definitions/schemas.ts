import { z } from "zod";
import { permissionSchema, roleKindSchema } from "@/lib/auth/permissions";
import { text } from "@/lib/validation/text.shared";

const roleFields = {
  name: text().trim().min(1).max(100),
  kind: roleKindSchema,
  permissions: z.array(permissionSchema).max(3),
};
export const roleInputSchema = z.object({ ...roleFields, permissions: roleFields.permissions.default([]) });
// Built from the fields without defaults: a partial of the create schema would fill in
// `permissions: []` on every PATCH that does not send them, silently revoking them.
export const roleUpdateSchema = z.object(roleFields).partial();

export const tagInputSchema = z.object({ name: text().trim().min(1).max(60) });

export type RoleInput = z.infer<typeof roleInputSchema>;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;
export type TagInput = z.infer<typeof tagInputSchema>;

/** A role of the district (lib/definitions/serialize-role.ts `toRole`). */
export const roleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: roleKindSchema.describe("What the role is for: admin (every permission, sees everything), board (sees every interview), mentor, candidate or other."),
    permissions: z
      .array(permissionSchema)
      .describe("What holders may change, besides what their kind allows: people:edit, interviews:edit, settings. No duplicates."),
  })
  .describe("A role. A person's `roles` maps role ids to 1 (primary) or 2 (secondary).");

/** A tag of the district (lib/definitions/tag-select.ts). */
export const tagSchema = z.object({ id: z.string(), name: z.string().describe("Unique within the district.") }).describe("A tag that can be put on people.");

export type Role = z.infer<typeof roleSchema>;
