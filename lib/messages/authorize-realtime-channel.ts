import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, invalid } from "@/lib/errors/app-error";
import { authorizeChannel } from "@/lib/realtime/publish";
import { personOf } from "./person-of";
import { CONVERSATION_CHANNEL_PREFIX, PERSON_CHANNEL_PREFIX } from "./realtime-events";
import type { RealtimeAuthInput } from "./schemas";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * POST /api/realtime/auth: signs a private channel subscription for the caller's socket, only
 * for `private-person-<their own id>` and `private-conversation-<id>` of a conversation of their
 * district they take part in now. Any other channel (someone else's, a conversation they are
 * not in or left, another district's, a malformed or public or presence name) is 403.
 */
export async function authorizeRealtimeChannel(ctx: Ctx, input: RealtimeAuthInput): Promise<{ auth: string }> {
  const me = personOf(ctx);
  const channel = input.channel_name;
  const refused = () => forbidden("You may not subscribe to this channel.");
  if (channel.startsWith(PERSON_CHANNEL_PREFIX)) {
    if (channel.slice(PERSON_CHANNEL_PREFIX.length) !== me.personId) throw refused();
  } else if (channel.startsWith(CONVERSATION_CHANNEL_PREFIX)) {
    const conversationId = channel.slice(CONVERSATION_CHANNEL_PREFIX.length);
    if (!ID.test(conversationId)) throw refused();
    const participant = await db().conversationParticipant.findFirst({
      where: { conversationId, personId: me.personId, districtId: ctx.districtId, leftAt: null },
      select: { personId: true },
    });
    if (!participant) throw refused();
  } else throw refused();
  try {
    const { auth } = authorizeChannel(input.socket_id, channel);
    return { auth };
  } catch {
    throw invalid("socket_id", "Not a socket id the realtime service accepts.");
  }
}
