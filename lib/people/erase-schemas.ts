import { z } from "zod";
import { text } from "@/lib/validation/text.shared";

/** POST /api/people/:id/erase: the person's e-mail, typed again, confirms which person is meant. */
export const erasePersonSchema = z.strictObject({
  email: text()
    .trim()
    .min(1, "Type the person's e-mail address to confirm.")
    .max(254)
    .describe("The person's e-mail address, as a confirmation (case does not matter)."),
});

export const erasedPersonSchema = z
  .object({ ok: z.literal(true), id: z.string().describe("The erased person's id: the anonymous row that keeps their interviews' place.") })
  .describe("The person was erased.");

/** What an erased person's row keeps in place of their name and e-mail. */
export const ERASED_FIRST = "Erased";
export const ERASED_LAST = "person";
export const erasedEmail = (id: string) => `erased-${id.toLowerCase()}@erased.invalid`;
