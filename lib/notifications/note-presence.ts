import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("notifications");

/** A person seen again within this time is not written again: a read stays a read. */
const WRITE_EVERY_MS = 60_000;
/** Enough for every person of a busy district; forgotten wholesale past it (a write too many, no harm). */
const MAX_REMEMBERED = 10_000;

const lastWritten = new Map<string, number>();

/**
 * Records that a signed-in person made a request (lib/http/route.ts calls it for every session
 * request): at most one write a minute per person and process, after the answer's work, never
 * awaited and never failing the request. The notification sweep reads it: a person seen within
 * NOTIFY_AFTER_SECONDS is online and gets no e-mail about unread messages.
 */
export function notePresence(ctx: Ctx, now = Date.now()) {
  if (ctx.actor.type !== "person") return;
  const { personId } = ctx.actor;
  const last = lastWritten.get(personId);
  if (last !== undefined && now - last < WRITE_EVERY_MS) return;
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
  lastWritten.set(personId, now);
  // Through Prisma's own connection, not the requests' SQL path (lib/db/pool.ts sqlRows), whose
  // statements the single reads are measured by (tests/api/session-check.test.ts).
  db().$executeRaw`
      insert into person_presence (person_id, district_id, last_seen_at) values (${personId}, ${ctx.districtId}, now() at time zone 'utc')
      on conflict (person_id) do update set last_seen_at = excluded.last_seen_at where person_presence.district_id = ${ctx.districtId}`.catch(
    (error: unknown) => {
      lastWritten.delete(personId);
      log.warn({ err: error }, "could not record a person's presence");
    },
  );
}
