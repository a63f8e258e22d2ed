/*
 * The realtime contract of conversations (docs/messages.md "Realtime"): channel names,
 * event names and payloads. No server code here: the browser's realtime client reads the
 * same definitions.
 *
 * Every server event of a conversation goes to the person channel of each reader
 * (`private-person-<id>`, which every signed-in page keeps), so each reader gets every event of
 * each of their conversations, in order, on one connection. Each carries the conversation's
 * `seq`, bumped by one for every event: a reader who sees a number skipped, or who reconnects,
 * refetches. The conversation channel (`private-conversation-<id>`) carries client events
 * among the participants who have the conversation open (typing).
 */
import type { Message, PersonName } from "./schemas";

export const PERSON_CHANNEL_PREFIX = "private-person-";
export const CONVERSATION_CHANNEL_PREFIX = "private-conversation-";

export const personChannel = (personId: string) => `${PERSON_CHANNEL_PREFIX}${personId}`;
export const conversationChannel = (conversationId: string) => `${CONVERSATION_CHANNEL_PREFIX}${conversationId}`;

export const EVENTS = {
  conversationCreated: "conversation-created",
  messageCreated: "message-created",
  reaction: "reaction",
  participantLeft: "participant-left",
  read: "read",
  unread: "unread",
} as const;

/** Client event on the conversation channel: `{ person_id, typing }`, sent at most every few seconds while typing. */
export const TYPING_EVENT = "client-typing";

type Base = { conversation_id: string; seq: number };

/** A payload that would pass Pusher's 10 KB limit is replaced by this: refetch to read it. */
export type ReducedEvent = Base & { reduced: true; message_id?: string };

export type ConversationSummary = {
  id: string;
  district_id: string;
  kind: "direct" | "group";
  participants: string[];
  people: PersonName[];
  created_at: number;
};

export type ConversationCreatedEvent = (Base & { conversation: ConversationSummary; message: Message }) | ReducedEvent;
export type MessageCreatedEvent = (Base & { message: Message }) | ReducedEvent;
export type ReactionEvent = Base & { message_id: string; reactions: Record<string, string[]> };
export type ParticipantLeftEvent = (Base & { person_id: string; participants: string[]; message: Message }) | ReducedEvent;
export type ReadEvent = Base & { person_id: string; last_read_seq: number };
/** To one person, after they read or left a conversation (from any device): their counts now. */
export type UnreadEvent = Base & { unread: number; total: number };
export type TypingEvent = { person_id: string; typing: boolean };

export const isReduced = (data: object): data is ReducedEvent => "reduced" in data && (data as ReducedEvent).reduced === true;
