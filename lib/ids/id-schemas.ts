import { z } from "zod";
import { text } from "@/lib/validation/text.shared";
import { ID_PATTERN } from "./ids.shared";

/*
 * The id rule as zod schemas, for the request schemas. Apart from ids.shared.ts, which the
 * browser loads: zod's schemas are built when the module loads, so a bundler cannot leave zod
 * out of a page that imports them, even unused (about 30 KB gzipped).
 */

/** An id of a record: an opaque string of letters, digits, '_' and '-' (1-64 characters). */
export const idSchema = z.string().regex(ID_PATTERN, "Not a valid id.");

/**
 * An id inside request text: refused first, like every request string, when it holds a NUL or
 * an unpaired surrogate (lib/validation/text), then checked against the pattern.
 */
export const idText = (message = "Not a valid id.") => text().regex(ID_PATTERN, message);
