import { z } from "zod";
import { scopeSchema } from "@/lib/auth/permissions";
import { timestampSchema } from "@/lib/http/schemas";
import { text } from "@/lib/validation/text.shared";

/** Keys expire at most this far ahead; without `expires_at` a key never expires. */
const MAX_KEY_LIFETIME_MS = 10 * 365 * 24 * 60 * 60 * 1000;

export const createKeySchema = z.object({
  name: text().trim().min(1, "Required.").max(100),
  scopes: z.array(scopeSchema).min(1, "Choose at least one scope.").max(20),
  /** Optional expiry, ms since the epoch: in the future, at most 10 years ahead. */
  expires_at: z
    .int()
    .refine((t) => t > Date.now(), "Must be in the future.")
    .refine((t) => t <= Date.now() + MAX_KEY_LIFETIME_MS, "Must be at most 10 years ahead; leave it out for a key that does not expire.")
    .nullable()
    .optional(),
});
export type CreateKeyInput = z.infer<typeof createKeySchema>;

/** Grace periods of POST /api/keys/:id/rotate: 0 (the old secret stops at once) to 7 days, 24 h by default. */
const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_GRACE_SECONDS = 24 * 60 * 60;

export const rotateKeySchema = z.object({
  grace_seconds: z.int().min(0).max(MAX_GRACE_SECONDS, "At most 7 days (604800 seconds).").optional(),
});
export type RotateKeyInput = z.infer<typeof rotateKeySchema>;

/** An earlier secret of a rotated key, still accepted until `expires_at`. */
export const previousSecretSchema = z
  .object({
    hint: z.string().describe("The last 4 characters of the earlier secret."),
    created_at: timestampSchema.describe("When that secret was made."),
    last_used_at: timestampSchema.nullable().describe("When that secret was last used (updated at most once a minute), or null if never."),
    expires_at: timestampSchema.describe("When that secret stops working (401 afterwards): the end of the grace period chosen when the key was rotated."),
  })
  .describe("An earlier secret of a rotated key, still working during its grace period.");

/** An API key as listed: never the key itself (lib/keys/serialize-key.ts `serializeKey`). */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string().describe("Descriptive name."),
    hint: z.string().describe("The last 4 characters of the key, to recognise it."),
    scopes: z.array(scopeSchema).describe("What the key may do."),
    created_at: timestampSchema,
    last_used_at: timestampSchema.nullable().describe("When the key's current secret was last used (updated at most once a minute), or null if never."),
    expires_at: timestampSchema.nullable().describe("When the key stops working (401 afterwards), or null if it does not expire."),
    rotated_at: timestampSchema.nullable().describe("When the current secret replaced an earlier one (POST /api/keys/{id}/rotate), or null if never rotated."),
    previous_secrets: z.array(previousSecretSchema).describe("Earlier secrets still working during their grace period, newest first; `[]` when none."),
  })
  .describe("An API key, without its secret value. Revoked keys are not listed; expired ones are.");

/** The create response: the only time the full key is returned. */
export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe("The full key (`cas_` + 43 characters). Returned only here: store it now, it cannot be retrieved later.") })
  .describe("A new API key, including its full value (returned only once).");

export type ApiKey = z.infer<typeof apiKeySchema>;
