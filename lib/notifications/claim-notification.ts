import "server-only";
import type { Tx } from "@/lib/db/client";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import type { Enqueue } from "@/lib/jobs/enqueue";
import type { NotificationKind } from "./kinds.shared";

/** What an e-mail is about, kept with its claim; rendered when it is sent, in the reader's language then. */
export type NotificationData = { conversations: Array<{ id: string; seq: number }> } | { interviewId: string };

/**
 * Claims one e-mail by its key and queues its job, in the caller's transaction: the key is
 * unique per district, so whichever sweep (of whichever process) inserts it first queues the
 * only job; the others insert nothing and queue nothing. Answers whether this call claimed it.
 */
export async function claimNotification(
  tx: Tx,
  enqueue: Enqueue,
  claim: { districtId: string; personId: string; kind: NotificationKind; dedupeKey: string; data: NotificationData },
): Promise<boolean> {
  const id = newCuidShapedId();
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    insert into notifications (id, district_id, person_id, kind, dedupe_key, data)
    values (${id}, ${claim.districtId}, ${claim.personId}, ${claim.kind}, ${claim.dedupeKey}, ${JSON.stringify(claim.data)}::jsonb)
    on conflict (district_id, dedupe_key) do nothing
    returning id`;
  if (!inserted.length) return false;
  await enqueue("notification-send", { districtId: claim.districtId, notificationId: id });
  return true;
}
