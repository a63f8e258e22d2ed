import "server-only";
import { transactionWithJobs } from "@/lib/jobs/enqueue";

/**
 * Queues the `calendar-sync` job of each interview, right after the change that calls for it has
 * committed: the job reads the interview as it is then, so a burst of edits joins the one job
 * queued (stately, one per interview) and sends one update.
 */
export async function queueInvitationSync(districtId: string, interviewIds: string[]) {
  if (!interviewIds.length) return;
  await transactionWithJobs(async (_tx, enqueue) => {
    for (const interviewId of interviewIds) await enqueue("calendar-sync", { districtId, interviewId }, { singletonKey: interviewId });
  });
}
