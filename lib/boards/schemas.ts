import { z } from "zod";
import { idSchema } from "@/lib/people/schemas";

const name = z.string().trim().min(1, "Required.").max(200);

export const createBoardSchema = z.object({
  name,
  /** Person ids of the district; replaces the member list when sent in a PATCH. */
  members: z.array(idSchema).max(500).default([]),
});
export const updateBoardSchema = z.object({ name: name.optional(), members: z.array(idSchema).max(500).optional() });

export type CreateBoardInput = z.infer<typeof createBoardSchema>;
export type UpdateBoardInput = z.infer<typeof updateBoardSchema>;
