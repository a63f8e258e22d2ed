import { z } from "zod";
import { flagSchema as flag } from "@/lib/http/schemas";
import { text } from "@/lib/validation/text.shared";
import { NOTIFICATION_KINDS } from "./kinds.shared";

/** PATCH /api/me `notifications`: the kinds sent are changed, the others stay. */
export const notificationPreferencesInputSchema = z
  .strictObject({ messages: flag.optional(), interview_published: flag.optional(), interview_reminder: flag.optional() })
  .refine((value) => Object.keys(value).length > 0, { message: `Name at least one of ${NOTIFICATION_KINDS.join(", ")}.` });

export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** What GET/PATCH /api/me answer under `notifications`. */
export const notificationPreferencesSchema = z
  .object({ messages: flag, interview_published: flag, interview_reminder: flag })
  .describe("Which e-mail notifications the person gets: 1 yes, 0 no. Each e-mail also has a one-click unsubscribe for its kind.");

/** POST /api/unsubscribe?token=…: the signed token of the e-mail's List-Unsubscribe link. */
export const unsubscribeQuerySchema = z.strictObject({ token: text().min(1).max(1000) });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

export const unsubscribeResultSchema = z
  .object({ ok: z.literal(true), kind: z.enum(NOTIFICATION_KINDS).describe("The kind of e-mail stopped.") })
  .describe("The kind of e-mail the token named is stopped.");
