import { z } from "zod";
import { timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { text } from "@/lib/validation/text.shared";

const name = text().trim().min(1, "Required.").max(200);

export const createBoardSchema = z.object({
  name,
  /** Person ids of the district; replaces the member list when sent in a PATCH. */
  members: z.array(idSchema).max(500).default([]),
});
export const updateBoardSchema = z.object({ name: name.optional(), members: z.array(idSchema).max(500).optional() });

export type CreateBoardInput = z.infer<typeof createBoardSchema>;
export type UpdateBoardInput = z.infer<typeof updateBoardSchema>;

// ---- Responses ----

/** A board (lib/boards/serialize-board.ts). */
export const boardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    members: z.array(z.string()).describe("Person ids of the members, sorted by id."),
    created_at: timestampSchema,
  })
  .describe("A board that conducts interviews.");

export type Board = z.infer<typeof boardSchema>;
