/**
 * Who is subscribed to which channel. Delivery walks only the channel's own subscribers and
 * serializes the event once per channel, whatever the number of sockets.
 */
export type ChannelSubscribers<S extends { id: string }> = ReturnType<typeof createChannelSubscribers<S>>;

export function createChannelSubscribers<S extends { id: string }>(send: (subscriber: S, frame: Buffer) => void) {
  const byChannel = new Map<string, Set<S>>();

  return {
    add(channel: string, subscriber: S) {
      let subscribers = byChannel.get(channel);
      if (!subscribers) byChannel.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
    },

    remove(channel: string, subscriber: S) {
      const subscribers = byChannel.get(channel);
      if (!subscribers) return;
      subscribers.delete(subscriber);
      // Forget empty channels, or every channel ever used would stay in memory.
      if (!subscribers.size) byChannel.delete(channel);
    },

    /** Whether the channel has a subscriber now (Pusher's channel info: `occupied`). */
    occupied: (channel: string) => byChannel.has(channel),

    /** Sends `{ event, channel, data }` to the channel's subscribers, except the socket `exceptId`. */
    broadcast(channel: string, event: string, data: unknown, exceptId?: string) {
      const subscribers = byChannel.get(channel);
      if (!subscribers) return;
      const frame = Buffer.from(JSON.stringify({ event, channel, data }));
      for (const subscriber of subscribers) {
        if (subscriber.id !== exceptId) send(subscriber, frame);
      }
    },
  };
}
