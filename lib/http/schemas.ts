import { z } from "zod";

/**
 * The wire conventions every resource shares (ids are strings, timestamps integer ms since the
 * epoch, flags 0 or 1, texts multilingual objects: docs/api.md "Conventions"), as zod
 * schemas: the building blocks of the response schemas beside each domain, and of the
 * OpenAPI document (lib/openapi). This module imports no domain, so every domain's
 * schemas.ts can use it without an import cycle.
 */

/** `created_at`, `updated_at`, …: integer milliseconds since the Unix epoch. */
export const timestampSchema = z.int().describe("Milliseconds since the Unix epoch (integer).");

/** A flag: the integer 0 or 1 (never a boolean). */
export const flagSchema = z.union([z.literal(0), z.literal(1)]).describe("Flag: the integer 0 or 1.");

/** A multilingual text as returned: language code (BCP 47) -> text, e.g. { "en": "Yes", "es": "Sí" }. */
export const multilingualTextResponseSchema = z
  .record(z.string(), z.string())
  .describe('Multilingual text: an object mapping a BCP 47 language code to the text in that language, e.g. {"en": "Yes", "es": "Sí"}.');

/** The body of DELETE requests and actions (invite, sign out…). */
export const okSchema = z.object({ ok: z.literal(true) }).describe("The action succeeded.");
