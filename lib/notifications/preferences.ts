import "server-only";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import type { NotificationKind, NotificationPreferences } from "./kinds.shared";
import type { NotificationPreferencesInput } from "./schemas";

type Row = { messages: boolean; interviewPublished: boolean; interviewReminder: boolean };

const COLUMN: Record<NotificationKind, keyof Row> = {
  messages: "messages",
  interview_published: "interviewPublished",
  interview_reminder: "interviewReminder",
};

function serialize(row: Row | null): NotificationPreferences {
  const on = (kind: NotificationKind) => ((row?.[COLUMN[kind]] ?? true) ? 1 : 0);
  return { messages: on("messages"), interview_published: on("interview_published"), interview_reminder: on("interview_reminder") };
}

/** A person's choices; every kind is on until they turn one off. */
export async function getNotificationPreferences(districtId: string, personId: string): Promise<NotificationPreferences> {
  const row = await db().notificationPreference.findFirst({
    where: { districtId, personId },
    select: { messages: true, interviewPublished: true, interviewReminder: true },
  });
  return serialize(row);
}

/** Changes the kinds named in `input` (the others keep their value), in the caller's transaction. */
export async function updateNotificationPreferences(tx: Tx, districtId: string, personId: string, input: NotificationPreferencesInput) {
  const data: Partial<Row> = {};
  for (const [kind, value] of Object.entries(input) as [NotificationKind, 0 | 1 | undefined][]) {
    if (value !== undefined) data[COLUMN[kind]] = value === 1;
  }
  await tx.notificationPreference.upsert({
    where: { personId, districtId },
    create: { personId, districtId, ...data },
    update: { ...data, updatedAt: new Date() },
  });
}

/** Whether the person still gets `kind` (read when the e-mail is about to go: a choice made meanwhile counts). */
export async function wantsNotification(districtId: string, personId: string, kind: NotificationKind): Promise<boolean> {
  return (await getNotificationPreferences(districtId, personId))[kind] === 1;
}
