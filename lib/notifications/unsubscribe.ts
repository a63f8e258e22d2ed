import "server-only";
import { db } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import type { NotificationKind } from "./kinds.shared";
import { updateNotificationPreferences } from "./preferences";
import type { UnsubscribeQuery } from "./schemas";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

/**
 * POST /api/unsubscribe?token=…: the one-click unsubscribe (RFC 8058) of a notification e-mail.
 * The signed token is the only credential: it stops the one kind of e-mail it names, for the one
 * person it names, and nothing else. A token that was changed or cut short is refused (400).
 * Answers the kind stopped, which the confirmation page names.
 */
export async function unsubscribe(query: UnsubscribeQuery): Promise<{ ok: true; kind: NotificationKind }> {
  const subject = verifyUnsubscribeToken(query.token);
  if (!subject) throw invalid("query.token", "This unsubscribe link is not valid: it was changed or cut short. Use the link of the e-mail as it came.");
  const { districtId, personId, kind } = subject;
  const person = await db().person.findFirst({ where: { districtId, id: personId }, select: { id: true } });
  if (!person) throw notFound("Person");
  await db().$transaction((tx) => updateNotificationPreferences(tx, districtId, personId, { [kind]: 0 }));
  return { ok: true, kind };
}
