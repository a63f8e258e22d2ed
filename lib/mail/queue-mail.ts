import "server-only";
import type { Enqueue } from "@/lib/jobs/enqueue";
import type { Mail } from "./send-mail";

/**
 * A mail that must go exactly when the caller's change commits (an endpoint disabled): queued
 * as a job in the caller's transaction, sent by a worker, retried like any other; `districtId`
 * (the recipient's) lets that district's administrators see it if it dies.
 */
export async function queueMail(enqueue: Enqueue, mail: Mail, districtId?: string) {
  await enqueue("mail-send", { ...mail, ...(districtId ? { districtId } : {}) });
}
