import "server-only";
import { db } from "@/lib/db/client";
import { daysOf, retentionSelect } from "./retention-rules";
import type { RetentionCounts } from "./schemas";
import { sweepDistrict } from "./sweep-district";

/**
 * The cron job "retention-sweep" (daily, once per cluster): each district that keeps something
 * less than forever loses what has expired, in batches. Every deletion is a row write, which the
 * audit trail's triggers record with the job as the actor ("system", via "job:retention-sweep").
 * A district failing does not stop the others; the job fails (and is retried) at the end.
 */
export async function sweepRetention(now = new Date()) {
  const districts = await db().district.findMany({
    where: { OR: [{ retentionRecordingsDays: { not: null } }, { retentionArchivedPeopleDays: { not: null } }, { retentionMessagesDays: { not: null } }] },
    select: { id: true, ...retentionSelect },
    orderBy: { id: "asc" },
  });
  const removed: RetentionCounts = { recordings: 0, archived_people: 0, messages: 0 };
  const failed: string[] = [];
  for (const district of districts) {
    try {
      const counts = await sweepDistrict(district.id, daysOf(district), now);
      removed.recordings += counts.recordings;
      removed.archived_people += counts.archived_people;
      removed.messages += counts.messages;
    } catch (error) {
      console.error(`[retention] district ${district.id} failed`, error);
      failed.push(district.id);
    }
  }
  if (failed.length) throw new Error(`Retention failed for ${failed.length} district(s): ${failed.join(", ")}; removed so far ${JSON.stringify(removed)}.`);
  return { districts: districts.length, removed };
}
