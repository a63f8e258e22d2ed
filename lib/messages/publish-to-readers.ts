import "server-only";
import { MAX_EVENT_DATA_BYTES, eventDataBytes } from "@/lib/realtime/limits";
import { publish } from "@/lib/realtime/publish";
import { personChannel, type ReducedEvent } from "./realtime-events.shared";

/** A reader of an event, with the group whose payload they get (e.g. their language). */
export type Recipient = { personId: string; group: string };

/**
 * Publishes `event` to each recipient's person channel, one payload per group (built once,
 * sent to up to 100 channels per request by lib/realtime). A payload over Pusher's 10 KB is
 * replaced by `reduced` (the conversation, the seq and the message id), which readers
 * answer by refetching. Never throws: a lost event shows up as a gap in `seq`.
 */
export async function publishToReaders(recipients: Recipient[], event: string, payloadFor: (group: string) => object, reduced: ReducedEvent): Promise<void> {
  const groups = new Map<string, string[]>();
  for (const { personId, group } of recipients) {
    const channels = groups.get(group) ?? [];
    channels.push(personChannel(personId));
    groups.set(group, channels);
  }
  await Promise.all(
    [...groups].map(([group, channels]) => {
      const payload = payloadFor(group);
      return publish(channels, event, eventDataBytes(payload) > MAX_EVENT_DATA_BYTES ? reduced : payload);
    }),
  );
}

/** The same payload for everyone (reactions, read state). */
export function publishToAll(personIds: string[], event: string, payload: object, reduced: ReducedEvent): Promise<void> {
  return publishToReaders(
    personIds.map((personId) => ({ personId, group: "" })),
    event,
    () => payload,
    reduced,
  );
}
