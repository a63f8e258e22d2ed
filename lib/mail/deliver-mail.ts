import "server-only";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { sendMail, type Mail } from "./send-mail";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("mail");

/** First retry after a failed send; the job doubles it each time (about a day in all). */
const RETRY_AFTER_SECONDS = 30;

/**
 * Sends `mail` now (someone is waiting for their link); if the mail server cannot take it, the
 * mail becomes a job, retried with backoff until it goes or, for a link, until the link expires
 * (`expiresAt`): a mail that comes too late is never sent. The job carries the district of the
 * person it is for: if it dies, that district's administrators see it in Settings → Background
 * jobs and may retry it. Never throws for a mail-server failure.
 */
export async function deliverMail(mail: Mail, options: { districtId: string; expiresAt?: number }) {
  try {
    await sendMail(mail);
  } catch (error) {
    log.warn({ err: error }, "sending a mail failed; retrying in the background");
    await enqueueJob(
      "mail-send",
      { ...mail, districtId: options.districtId, ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}) },
      { startAfter: RETRY_AFTER_SECONDS },
    );
  }
}
