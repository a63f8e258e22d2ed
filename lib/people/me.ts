import "server-only";
import { hasPermission, isStaff, type Ctx } from "@/lib/auth/context";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { terminateUserConnections } from "@/lib/realtime/publish";
import { db } from "@/lib/db/client";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { getNotificationPreferences, updateNotificationPreferences } from "@/lib/notifications/preferences";
import { personEventData } from "@/lib/webhooks/event-data";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { getPerson } from "./get-person";
import type { UpdateMeInput } from "./schemas";

export async function getMe(ctx: Ctx) {
  if (ctx.actor.type !== "person") throw new Error("session only");
  const [person, district, notifications] = await Promise.all([
    getPerson(ctx, ctx.actor.personId),
    db().district.findUniqueOrThrow({ where: { id: ctx.districtId }, select: { id: true, name: true } }),
    getNotificationPreferences(ctx.districtId, ctx.actor.personId),
  ]);
  return {
    person,
    district,
    kinds: [...ctx.actor.kinds],
    permissions: PERMISSIONS.filter((p) => hasPermission(ctx, p)),
    staff: isStaff(ctx),
    sees_all_interviews: seesAllInterviews(ctx),
    notifications,
  };
}

/** The person's own language (the interface follows it) and e-mail notifications; nothing else about them changes here. */
export async function updateMe(ctx: Ctx, input: UpdateMeInput) {
  if (ctx.actor.type !== "person") throw new Error("session only");
  const personId = ctx.actor.personId;
  const { language, notifications } = input;
  if (language !== undefined) {
    await transactionWithEvents(ctx.districtId, async (tx, emit) => {
      await tx.person.update({ where: { id: personId, districtId: ctx.districtId }, data: { language } });
      if (notifications) await updateNotificationPreferences(tx, ctx.districtId, personId, notifications);
      await emit("person.updated", () => personEventData(tx, ctx.districtId, personId));
    });
  } else if (notifications) {
    // Not a change of the person's webhook data: no event.
    await db().$transaction((tx) => updateNotificationPreferences(tx, ctx.districtId, personId, notifications));
  }
  return getMe({ ...ctx, actor: { ...ctx.actor, language: language ?? ctx.actor.language } });
}

/** Deletes the calling session: the same token is refused (401) from the next request on. */
export async function signOutEverywhere(ctx: Ctx) {
  if (ctx.actor.type !== "person") throw new Error("session only");
  await db().session.deleteMany({ where: { sessionToken: ctx.actor.sessionToken } });
  // Every socket of theirs closes; those of sessions still valid sign in again and carry on.
  await terminateUserConnections(ctx.actor.personId);
  return { ok: true as const };
}
