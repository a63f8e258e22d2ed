/**
 * How a client keeps up with a conversation's events (docs/messages.md "Nothing missed is lost"): every
 * event carries the conversation's `seq`, one more than the event before. A client remembers
 * the last seq it knows per conversation, from what it fetched and from events, and:
 *   - an event with the next number: apply it;
 *   - an event it already knows (seq not newer): drop it;
 *   - an event further ahead: numbers were missed (a lost event, a reduced one, a dropped
 *     connection): apply what it carries and refetch;
 *   - after a reconnect: refetch everything (events sent meanwhile never arrive).
 * Pure: the browser's realtime client and the realtime tests use the same code.
 */
export type EventVerdict = "apply" | "stale" | "gap" | "unknown";

export function createSequenceTracker() {
  const last = new Map<string, number>();
  return {
    /**
     * A fetched state of the conversation. Returns true when it is older than events already
     * applied (the fetch started before them): the caller should fetch again.
     */
    fetched(conversationId: string, seq: number): boolean {
      const known = last.get(conversationId);
      if (known === undefined || seq >= known) {
        last.set(conversationId, seq);
        return false;
      }
      return true;
    },

    /** An event of the conversation arrived; "unknown" when nothing was known of it yet (refetch the list). */
    event(conversationId: string, seq: number): EventVerdict {
      const known = last.get(conversationId);
      if (known !== undefined && seq <= known) return "stale";
      last.set(conversationId, seq);
      if (known === undefined) return "unknown";
      return seq === known + 1 ? "apply" : "gap";
    },

    last: (conversationId: string) => last.get(conversationId),

    /** After a reconnect: nothing is known any more, everything is fetched again. */
    reset() {
      last.clear();
    },
  };
}
