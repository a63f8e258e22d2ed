import { z } from "zod";
import { text } from "@/lib/validation/text.shared";

/**
 * Paging of the long lists (GET /api/people, GET /api/interviews): `limit` rows from the start,
 * then from `cursor`, the `X-Next-Cursor` of the page before (also in `Link: <…>; rel="next"`),
 * until a page comes without one. Without `limit` a list comes whole, as the contract has it.
 * A cursor is the sort key of the last row sent (keyset paging): rows added or changed
 * meanwhile are neither repeated nor skipped unless they move across it.
 */
export const MAX_PAGE_ROWS = 10_000;

export const limitParam = z
  .string()
  .regex(/^\d{1,6}$/, "Use a whole number.")
  .transform(Number)
  .pipe(
    z
      .int()
      .min(1, "At least 1.")
      .max(MAX_PAGE_ROWS, `At most ${MAX_PAGE_ROWS.toLocaleString("en")}.`),
  );

/** The key of a row, as a cursor carries it: a few strings or numbers. */
export type CursorKey = (string | number)[];

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString("base64url");

export const cursorParam = text()
  .max(2000)
  .transform((value, ctx) => {
    try {
      const key: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
      if (Array.isArray(key) && key.length >= 1 && key.length <= 4 && key.every((k) => (typeof k === "string" && k.length <= 500) || Number.isFinite(k)))
        return key as CursorKey;
    } catch {}
    ctx.addIssue({ code: "custom", message: "Not a cursor of this list: send back the X-Next-Cursor of the page before." });
    return z.NEVER;
  });

/** A page of a list: its rows (encoded), and the cursor of the next one when there are more. */
export type Page = { limit: number; cursor?: CursorKey };

/** Rows of a page asked for with a cursor but no limit. */
const DEFAULT_PAGE_ROWS = 1000;

/** The page a list query asks for, or undefined for the whole list. */
export const pageOf = (query: { limit?: number; cursor?: CursorKey }): Page | undefined =>
  query.limit !== undefined || query.cursor !== undefined ? { limit: query.limit ?? DEFAULT_PAGE_ROWS, cursor: query.cursor } : undefined;
