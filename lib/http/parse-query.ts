import "server-only";
import type { z } from "zod";
import { fromZod } from "@/lib/errors/app-error";
import { assertPlainInput } from "@/lib/validation/hostile-input";

/** A request's query string through its schema, as every endpoint parses it: hostile keys refused, then zod (400 naming `query.…`). */
export function parseQuery<Q extends z.ZodType>(req: Request, schema: Q): z.infer<Q> {
  const raw = Object.fromEntries(new URL(req.url).searchParams);
  assertPlainInput(raw, "query");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error, "query");
  return parsed.data;
}
