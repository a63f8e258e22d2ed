import "server-only";
import { db } from "@/lib/db/client";
import { fromZod, invalid, notFound } from "@/lib/errors/app-error";
import { assertPlainInput } from "@/lib/validation/hostile-input";
import type { NotificationKind } from "./kinds.shared";
import { updateNotificationPreferences } from "./preferences";
import { unsubscribeQuerySchema } from "./schemas";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

/**
 * POST /api/unsubscribe?token=…: the one-click unsubscribe (RFC 8058) of a notification e-mail.
 * The signed token is the only credential: it stops the one kind of e-mail it names, for the one
 * person it names, and nothing else. A token that was changed or cut short is refused (400).
 * Answers the kind stopped, which the confirmation page names.
 */
export async function unsubscribe(query: URLSearchParams): Promise<{ ok: true; kind: NotificationKind }> {
  // Parsed as the wrapper parses any query (this route has no sign-in, so it does not go through it).
  const raw = Object.fromEntries(query);
  assertPlainInput(raw, "query");
  const parsed = unsubscribeQuerySchema.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error, "query");
  const subject = verifyUnsubscribeToken(parsed.data.token);
  if (!subject) throw invalid("query.token", "This unsubscribe link is not valid: it was changed or cut short. Use the link of the e-mail as it came.");
  const { districtId, personId, kind } = subject;
  const person = await db().person.findFirst({ where: { districtId, id: personId }, select: { id: true } });
  if (!person) throw notFound("Person");
  await db().$transaction((tx) => updateNotificationPreferences(tx, districtId, personId, { [kind]: 0 }));
  return { ok: true, kind };
}
