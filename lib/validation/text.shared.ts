import { z } from "zod";

/**
 * NUL and unpaired UTF-16 surrogates are never text a person meant, and PostgreSQL cannot
 * store them (text and jsonb refuse them: the request would fail with a 500).
 */
export const isStorableText = (s: string) => s.isWellFormed() && !s.includes("\u0000");

export const UNSTORABLE_TEXT = "Contains a character that cannot be stored (a NUL byte or an unpaired surrogate).";

/**
 * The one string schema of every request: a string without NUL or unpaired surrogates.
 * Chain the usual checks on it: `text().trim().min(1).max(100)`.
 */
export const text = () => z.string().refine(isStorableText, UNSTORABLE_TEXT);
