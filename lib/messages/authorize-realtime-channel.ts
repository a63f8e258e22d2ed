import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, invalid } from "@/lib/errors/app-error";
import { isId } from "@/lib/ids/ids.shared";
import { authenticateUser, authorizeChannel } from "@/lib/realtime/publish";
import { INTERVIEW_CHANNEL_PREFIX } from "@/lib/audio/recording-events.shared";
import { visibleInterviewsWhere } from "@/lib/interviews/visibility";
import { personOf } from "./person-of";
import { CONVERSATION_CHANNEL_PREFIX, PERSON_CHANNEL_PREFIX } from "./realtime-events.shared";
import type { RealtimeAuthInput } from "./schemas";

/**
 * POST /api/realtime/auth: signs the caller's socket's sign-in (no `channel_name`: user data
 * `{"id":"<person id>"}`), or a private channel subscription for the caller's socket, only
 * for `private-person-<their own id>`, `private-conversation-<id>` of a conversation of their
 * district they take part in now, and `private-interview-<id>` of an interview they may see (its
 * recordings' progress). Any other channel (someone else's, a conversation they are not in or
 * left, an interview they cannot see, another district's, a malformed or public or presence
 * name) is 403.
 */
export async function authorizeRealtimeChannel(ctx: Ctx, input: RealtimeAuthInput): Promise<{ auth: string; user_data?: string; channel_data?: string }> {
  const me = personOf(ctx);
  const channel = input.channel_name;
  // Without a channel: the socket signs in as the caller, so that losing access can close it, and
  // for as long as the session lasts (the embedded server closes it then).
  if (channel === undefined)
    return signed(() => authenticateUser(input.socket_id, me.personId, ctx.actor.type === "person" ? ctx.actor.sessionExpiresAt : undefined));
  const refused = () => forbidden("You may not subscribe to this channel.");
  if (channel.startsWith(PERSON_CHANNEL_PREFIX)) {
    if (channel.slice(PERSON_CHANNEL_PREFIX.length) !== me.personId) throw refused();
  } else if (channel.startsWith(CONVERSATION_CHANNEL_PREFIX)) {
    const conversationId = channel.slice(CONVERSATION_CHANNEL_PREFIX.length);
    if (!isId(conversationId)) throw refused();
    const participant = await db().conversationParticipant.findFirst({
      where: { conversationId, personId: me.personId, districtId: ctx.districtId, leftAt: null },
      select: { personId: true },
    });
    if (!participant) throw refused();
  } else if (channel.startsWith(INTERVIEW_CHANNEL_PREFIX)) {
    const interviewId = channel.slice(INTERVIEW_CHANNEL_PREFIX.length);
    if (!isId(interviewId)) throw refused();
    const visible = await db().interview.findFirst({ where: { AND: [visibleInterviewsWhere(ctx), { id: interviewId }] }, select: { id: true } });
    if (!visible) throw refused();
  } else throw refused();
  // Bound to the caller: only a socket signed in as them holds it, so ending their access ends it.
  return signed(() => {
    const { auth, channel_data } = authorizeChannel(input.socket_id, channel, me.personId);
    return channel_data === undefined ? { auth } : { auth, channel_data };
  });
}

function signed<T>(sign: () => T): T {
  try {
    return sign();
  } catch {
    throw invalid("socket_id", "Not a socket id the realtime service accepts.");
  }
}
