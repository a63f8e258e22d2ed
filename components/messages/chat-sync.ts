"use client";

import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { EVENTS, isReduced } from "@/lib/messages/realtime-events.shared";
import type {
  ConversationCreatedEvent,
  MessageCreatedEvent,
  ParticipantLeftEvent,
  ReactionEvent,
  ReadEvent,
  UnreadEvent,
} from "@/lib/messages/realtime-events.shared";
import { createSequenceTracker } from "@/lib/messages/sequence-tracker.shared";
import { isViewing } from "./active-conversation";
import type { Conversation, ConversationListItem, Message } from "./chat-types";
import { messageKeys } from "./message-keys";

/**
 * Keeps the cached conversations and their list (each with its unread count) in step with the
 * realtime events (docs/messages.md): each event is applied to whatever is cached, in a way that
 * applying it twice changes nothing; counters move only for events not seen before. The
 * per-conversation `seq` says when something was missed (a gap, an event too large to carry,
 * a conversation not known yet): then that conversation and the list are fetched again, as
 * everything is after a reconnect.
 */

/** One tracker per tab: fetched states and events of every conversation. */
export const tracker = createSequenceTracker();

/** Reports a fetched state; fetches again when events already applied are newer than it. */
export function fetchedState(queryClient: QueryClient, id: string, seq: number) {
  if (tracker.fetched(id, seq)) setTimeout(() => void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(id) }), 0);
}

const reading = new Map<string, { again: boolean }>();
/**
 * Marks a conversation read at once; messages arriving while that request runs make one more
 * request after it (never more than one at a time per conversation).
 */
export function markReadSoon(id: string) {
  const running = reading.get(id);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  reading.set(id, state);
  void apiFetch(`/api/messages/${id}/read`, { method: "POST" })
    .catch(() => {})
    .finally(() => {
      reading.delete(id);
      if (state.again) markReadSoon(id);
    });
}

function byActivity(list: ConversationListItem[]) {
  return [...list].sort((a, b) => b.last_activity_at - a.last_activity_at);
}

export function createChatSync(queryClient: QueryClient, meId: string) {
  const updateList = (fn: (list: ConversationListItem[]) => ConversationListItem[]) =>
    queryClient.setQueryData<ConversationListItem[]>(messageKeys.list(), (old) => (old ? fn(old) : old));
  const updateConversation = (id: string, fn: (conversation: Conversation) => Conversation) =>
    queryClient.setQueryData<Conversation>(messageKeys.conversation(id), (old) => (old ? fn(old) : old));
  const listHas = (id: string) => queryClient.getQueryData<ConversationListItem[]>(messageKeys.list())?.some((c) => c.id === id) ?? false;

  const refetch = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(id) });
  };

  function addMessage(id: string, message: Message, counted: boolean) {
    const fromOther = message.sender_id !== meId;
    const viewing = isViewing(id);
    updateList((list) =>
      byActivity(
        list.map((c) =>
          c.id !== id
            ? c
            : {
                ...c,
                last_message:
                  message.kind === "message" && message.created_at >= (c.last_message?.created_at ?? 0)
                    ? { id: message.id, body: message.body, sender_id: message.sender_id, created_at: message.created_at }
                    : c.last_message,
                last_activity_at: message.kind === "message" ? Math.max(c.last_activity_at, message.created_at) : c.last_activity_at,
                unread: counted && fromOther && !viewing && message.kind === "message" ? c.unread + 1 : c.unread,
                seq: Math.max(c.seq, message.seq),
              },
        ),
      ),
    );
    updateConversation(id, (page) => {
      const known = page.messages.find((m) => m.id === message.id);
      // Known already: only a translation that could not be made before (the job's later event) replaces it.
      if (known?.translation === "unavailable" && message.original) return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
      if (known) return page;
      return {
        ...page,
        messages: [...page.messages, message].sort((a, b) => a.seq - b.seq),
        read: message.kind === "message" ? { ...page.read, [message.sender_id]: Math.max(page.read[message.sender_id] ?? 0, message.seq) } : page.read,
        seq: Math.max(page.seq, message.seq),
      };
    });
    if (message.kind === "message" && fromOther && viewing) markReadSoon(id);
  }

  function handle(name: string, data: unknown) {
    const event = data as { conversation_id?: string; seq?: number };
    if (!event?.conversation_id || typeof event.seq !== "number") return;
    const id = event.conversation_id;
    const seq = event.seq;
    // `unread` repeats the seq of its `read`: a count to set, not a step of the conversation.
    if (name === EVENTS.unread) {
      const { unread } = data as UnreadEvent;
      updateList((list) => list.map((c) => (c.id === id ? { ...c, unread } : c)));
      return;
    }
    const verdict = tracker.event(id, seq);
    const counted = verdict !== "stale";

    if (isReduced(event)) {
      refetch(id);
      return;
    }
    switch (name) {
      case EVENTS.conversationCreated: {
        const { conversation, message } = data as Exclude<ConversationCreatedEvent, { reduced: true }>;
        if (!listHas(id)) {
          updateList((list) =>
            byActivity([
              {
                ...conversation,
                last_message: { id: message.id, body: message.body, sender_id: message.sender_id, created_at: message.created_at },
                unread: counted && message.sender_id !== meId ? 1 : 0,
                last_activity_at: message.created_at,
                seq,
                left: 0,
              },
              ...list,
            ]),
          );
        }
        return;
      }
      case EVENTS.messageCreated: {
        const { message } = data as Exclude<MessageCreatedEvent, { reduced: true }>;
        if (!listHas(id)) void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
        addMessage(id, message, counted);
        break;
      }
      case EVENTS.reaction: {
        const { message_id, reactions } = data as ReactionEvent;
        updateConversation(id, (page) => ({ ...page, messages: page.messages.map((m) => (m.id === message_id ? { ...m, reactions } : m)) }));
        break;
      }
      case EVENTS.participantLeft: {
        const { person_id, participants, message } = data as Exclude<ParticipantLeftEvent, { reduced: true }>;
        const me = person_id === meId;
        addMessage(id, message, counted);
        updateConversation(id, (page) => ({ ...page, participants, left: me ? 1 : page.left }));
        updateList((list) => list.map((c) => (c.id === id ? { ...c, participants, ...(me ? { left: 1 as const, unread: 0 } : {}) } : c)));
        break;
      }
      case EVENTS.read: {
        const { person_id, last_read_seq } = data as ReadEvent;
        updateConversation(id, (page) => ({
          ...page,
          read: { ...page.read, [person_id]: Math.max(page.read[person_id] ?? 0, last_read_seq) },
          seq: Math.max(page.seq, seq),
        }));
        if (person_id === meId) updateList((list) => list.map((c) => (c.id === id ? { ...c, unread: 0 } : c)));
        break;
      }
      default:
        return;
    }
    if (verdict === "gap" || verdict === "unknown") refetch(id);
  }

  function resync() {
    tracker.reset();
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  }

  return { handle, resync };
}
