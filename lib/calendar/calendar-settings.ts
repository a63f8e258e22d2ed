import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { UpdateCalendarSettingsInput } from "./schemas";

const asWhen = (value: string) => (value === "create" ? "create" : "publish");

/** GET /api/settings/calendar: when the district's calendar invitations go out. */
export async function getCalendarSettings(ctx: Ctx) {
  const district = await db().district.findUniqueOrThrow({ where: { id: ctx.districtId }, select: { calendarInvitations: true } });
  return { invitations: asWhen(district.calendarInvitations) };
}

/** PATCH /api/settings/calendar: takes effect for the next change of each interview (what was sent stays sent). */
export async function updateCalendarSettings(ctx: Ctx, input: UpdateCalendarSettingsInput) {
  await db().district.update({ where: { id: ctx.districtId }, data: { calendarInvitations: input.invitations } });
  return getCalendarSettings(ctx);
}
