import "server-only";
import { hasPermission, seesAllPeople, type Ctx } from "@/lib/auth/context";
import { personNow } from "@/lib/auth/actor-context";
import type { Tx } from "@/lib/db/client";
import { forbidden } from "@/lib/errors/app-error";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { seesEveryScorecard } from "@/lib/scorecards/scorecard-rules.shared";
import { needsAllInterviews, needsAllScorecards, TEST_EVENT_TYPE } from "./event-types.shared";

/*
 * An endpoint never carries more than a person may read: whoever creates it, points it elsewhere,
 * changes its events, turns it on or off, rotates its secret, sends it a test, redelivers, replays
 * or deletes must be allowed to read every event type it carries. Its owner (who created it, or
 * last changed its URL or events or enabled it) is checked again before every delivery.
 */

/** Why `ctx` may not read events of these types (a sentence naming the types), or null. */
function whyNot(ctx: Ctx, types: readonly string[]): string | null {
  const interviews = types.filter(needsAllInterviews);
  if (interviews.length && !seesAllInterviews(ctx))
    return `${interviews.join(", ")}: only someone who may read every interview of the district (admins, board members, interview editors) may receive them`;
  const scorecards = [...new Set(types.filter(needsAllScorecards))];
  if (scorecards.length && !seesEveryScorecard(ctx)) return `${scorecards.join(", ")}: only someone who may read every scorecard (an admin) may receive them`;
  const people = types.filter((t) => t.startsWith("person."));
  if (people.length && !seesAllPeople(ctx)) return `${people.join(", ")}: only someone who may read every person of the district may receive them`;
  if (types.includes("key.revoked") && !hasPermission(ctx, "settings")) return "key.revoked: only someone with the settings permission may receive it";
  return null;
}

/** 403 unless the caller may read every one of these event types. */
export function assertMayRead(ctx: Ctx, types: readonly string[]) {
  const why = whyNot(
    ctx,
    types.filter((t) => t !== TEST_EVENT_TYPE),
  );
  if (why) throw forbidden(`You may not manage an endpoint that carries events you cannot read (${why}).`);
}

/**
 * Why the endpoint's owner may no longer receive these event types (deleted, archived, or without
 * the rights now), as the endpoint's disabled reason says it; null when they still may.
 */
export async function ownerProblem(
  reader: Pick<Tx, "$queryRaw">,
  districtId: string,
  ownerId: string | null,
  types: readonly string[],
): Promise<string | null> {
  const owner = ownerId ? await personNow(reader, districtId, ownerId) : null;
  const retake = "Someone who may read these events can enable it again, and then owns it.";
  if (!owner) return `Not sent: the person who set up this endpoint no longer exists. ${retake}`;
  if (owner.archived) return `Not sent: ${owner.name}, who set up this endpoint, was archived. ${retake}`;
  const why = whyNot(
    owner.ctx,
    types.filter((t) => t !== TEST_EVENT_TYPE),
  );
  return why ? `Not sent: ${owner.name}, who set up this endpoint, may no longer read its events (${why}). ${retake}` : null;
}

/**
 * The endpoint's event types, locked until the caller's transaction ends (a change of its events
 * cannot slip between the check and the write); null when the district has no such endpoint.
 */
export async function lockedEndpointTypes(tx: Pick<Tx, "$queryRaw">, districtId: string, id: string) {
  const [row] = await tx.$queryRaw<{ event_types: string[] }[]>`
    select event_types from webhook_endpoints where id = ${id} and district_id = ${districtId} for update`;
  return row?.event_types ?? null;
}
