import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden } from "@/lib/errors/app-error";
import { serviceOrigin } from "@/lib/hosting/service-origin";

/** A feed token: 32 random bytes, prefixed so it is recognised when it leaks. */
export const FEED_TOKEN = /^cal_[A-Za-z0-9_-]{43}$/;

export const feedTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * POST /api/me/calendar-feed: a new private feed address for the signed-in person. Only its hash
 * is kept, in place of the one before: the old address stops working at once.
 */
export async function issueCalendarFeed(ctx: Ctx) {
  const personId = actorPersonId(ctx);
  if (!personId) throw forbidden("A calendar feed belongs to a person: API keys cannot have one.");
  const token = `cal_${randomBytes(32).toString("base64url")}`;
  const tokenHash = feedTokenHash(token);
  await db().calendarFeed.upsert({
    where: { personId },
    create: { personId, districtId: ctx.districtId, tokenHash },
    update: { tokenHash, createdAt: new Date() },
  });
  return { url: `${serviceOrigin()}/api/calendar/${token}.ics` };
}
