import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { nextRetentionRun } from "./next-run";
import { countExpired, daysOf, retentionSelect } from "./retention-rules";
import type { RetentionSettings, UpdateRetention } from "./schemas";

/** GET /api/settings/retention: the district's periods, when the sweep runs next, and what it will delete then. */
export async function getRetentionSettings(ctx: Ctx, now = new Date()): Promise<RetentionSettings> {
  const district = await db().district.findUniqueOrThrow({ where: { id: ctx.districtId }, select: retentionSelect });
  const days = daysOf(district);
  const nextRun = nextRetentionRun(now);
  const counts = await countExpired(db(), ctx.districtId, days, nextRun);
  return {
    recordings_days: days.recordings,
    archived_people_days: days.archivedPeople,
    messages_days: days.messages,
    next_run_at: nextRun.getTime(),
    next_run_deletes: counts,
  };
}

/** PATCH /api/settings/retention: changes the periods given (null: forever), then answers as GET does. */
export async function updateRetentionSettings(ctx: Ctx, body: UpdateRetention) {
  await db().district.update({
    where: { id: ctx.districtId },
    data: {
      ...(body.recordings_days !== undefined && { retentionRecordingsDays: body.recordings_days }),
      ...(body.archived_people_days !== undefined && { retentionArchivedPeopleDays: body.archived_people_days }),
      ...(body.messages_days !== undefined && { retentionMessagesDays: body.messages_days }),
    },
  });
  return getRetentionSettings(ctx);
}
