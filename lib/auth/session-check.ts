import "server-only";
import { LRUCache } from "lru-cache";
import { rightsOf, type Ctx, type HeldRole, type PersonActor } from "./context";

/**
 * A session as authentication reads it, as one JSON text, over `sess` (the session) and `me`
 * (its person): the session's end, the person, their district, language and archived flag, and
 * the definitions of the roles they hold, in a fixed order, so that the same state always reads
 * as the same text.
 */
export const SESSION_STATE = `json_build_object('expires', sess.expires, 'sessionId', sess.id, 'personId', me.id, 'districtId', me.district_id, 'language', me.language, 'archived', me.archived,
    'held', coalesce((select json_agg(json_build_object('kind', r.kind, 'permissions', r.permissions) order by r.id)
                        from roles r where r.district_id = me.district_id and r.id in (select jsonb_object_keys(me.roles))), '[]'::json))::text`;

type SessionState = {
  expires: string;
  sessionId: string;
  personId: string;
  districtId: string;
  language: string;
  archived: boolean;
  held: HeldRole[];
};

/** The context a session's state gives, or null when it no longer lets anyone in (ended, archived). */
export function contextOfSession(state: string, token: string, origin: string): Ctx | null {
  const s = JSON.parse(state) as SessionState;
  // Columns are timestamp(3) without a time zone, holding UTC.
  const expiresAt = Date.parse(`${s.expires}Z`);
  if (!(expiresAt >= Date.now()) || s.archived) return null;
  return {
    districtId: s.districtId,
    origin,
    actor: {
      type: "person",
      personId: s.personId,
      language: s.language,
      sessionToken: token,
      sessionId: s.sessionId,
      sessionExpiresAt: expiresAt,
      ...rightsOf(s.held),
    },
  };
}

/*
 * A read that checks the session in its own statement.
 *
 * Authentication reads the session on every request, so that a sign-out, an archived person or a
 * changed role counts from the very next request, in every process. For the hottest reads that
 * is half of their round trips to the database. Such a read may instead start from the context
 * this process last built for the token, and read the session's state again in its own statement
 * (sessionCheckColumn), in the same snapshot as the data. Its answer stands only when that state
 * is the one the context was built from (confirmSession); otherwise the route runs again the
 * ordinary way (lib/http/route.ts). The database decides, as before: the process only guesses
 * which context to try first.
 */

type Remembered = { state: string; ctx: Ctx };

/** The contexts this process last built, by session token. Only tokens that authenticated get in. */
const remembered = new LRUCache<string, Remembered>({ max: 10_000 });

export function rememberSession(token: string, state: string, ctx: Ctx) {
  remembered.set(token, { state, ctx });
}

/** A context to try for this token, from what this process remembers; undefined when it remembers none that still holds. */
export function provisionalContext(token: string, origin: string): Ctx | undefined {
  const hit = remembered.get(token);
  if (!hit || hit.ctx.origin !== origin) return undefined;
  const actor = hit.ctx.actor as PersonActor;
  if (actor.sessionExpiresAt < Date.now()) return undefined;
  return { ...hit.ctx, sessionCheck: { expected: hit.state, confirmed: false } };
}

/** The select-list entry that reads the session's state beside the data, when the context is provisional (else nothing). */
export function sessionCheckColumn(ctx: Ctx, p: (value: unknown) => string): string {
  if (!ctx.sessionCheck || ctx.actor.type !== "person") return "";
  return `, (select ${SESSION_STATE} from sessions sess join people me on me.id = sess.person_id and me.district_id = ${p(ctx.districtId)}
              where sess.session_token = ${p(ctx.actor.sessionToken)}) as "sessionState"`;
}

/** Called with what sessionCheckColumn read: the provisional context holds when the state is unchanged. */
export function confirmSession(ctx: Ctx, state: string | null | undefined) {
  if (ctx.sessionCheck && state === ctx.sessionCheck.expected) ctx.sessionCheck.confirmed = true;
}
