import "server-only";
import type { JobData } from "@/lib/jobs/queues";
import { sendMail } from "./send-mail";

/** The "mail-send" queue's handler: sends, or drops a mail whose link has expired meanwhile. A failure is retried by the queue. */
export async function sendQueuedMail(data: JobData["mail-send"]) {
  if (data.expiresAt && data.expiresAt <= Date.now()) return { dropped: "its link expired before the mail server took it" };
  const { expiresAt: _expiresAt, districtId: _districtId, ...mail } = data;
  await sendMail(mail);
  return { sent: true };
}
