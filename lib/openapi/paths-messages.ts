import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import {
  contactSchema,
  conversationListItemSchema,
  conversationSchema,
  createConversationSchema,
  createdConversationSchema,
  DEFAULT_PAGE,
  getConversationQuery,
  MAX_PAGE,
  MAX_REACTION_EMOJI,
  messageSchema,
  postMessageSchema,
  reactSchema,
  readStateSchema,
  realtimeAuthResponseSchema,
  realtimeAuthSchema,
  realtimeConfigSchema,
  unreadSchema,
} from "@/lib/messages/schemas";
import type { Endpoints } from "./operation";

// Conversations are for signed-in people only: no API-key scope opens them, so a key gets 403.
const id = { id: "The conversation's id." };

const WHO =
  "Who may write to whom: staff (admin and board role kinds) to any active person of the district; mentors to their candidates and to staff; " +
  "candidates to their mentors and to staff; anyone else to staff.";
const VISIBLE = "A conversation is visible to its participants only: anyone else, and another district's id, gets 404.";
const TRANSLATED =
  "Messages from others come in the caller's `language` (its primary code): `body` translated, `original: {language, body}` beside it; " +
  'when no translation can be made, `body` as written and `translation: "unavailable"`. Each message is translated once per language and kept.';
const EVENTS_NOTE = "Participants get it live on their person channel (see GET /api/realtime).";

export const messageEndpoints = {
  listConversations: {
    method: "GET",
    path: "/api/messages",
    auth: "session",
    tag: "Messages",
    summary: "List your conversations",
    description:
      "The caller's conversations, newest activity first, each with `last_message` (in the caller's language) and `unread` " +
      "(messages from others since the caller last opened it). Groups the caller left stay listed with `left: 1`, read-only, " +
      "their last message being the last one before leaving.",
    response: { description: "The conversations.", schema: z.array(conversationListItemSchema) },
  },
  createConversation: {
    method: "POST",
    path: "/api/messages",
    auth: "session",
    body: createConversationSchema,
    status: 201,
    tag: "Messages",
    summary: "Start a conversation",
    description:
      `Posts \`body\` to \`participants\`; the sender is added. ${WHO} Anyone else, archived people and other districts' ids are 404. ` +
      "To a single person, the direct conversation between the two is reused when it exists (the message is posted there). " +
      `The opening message's language is detected (the sender's language when the text is too short). ${EVENTS_NOTE}`,
    response: { description: "The conversation (new, or the existing direct one) with the opening message posted.", schema: createdConversationSchema },
    errors: {
      404: "`not_found`: a participant is not a person the sender may write to (see GET /api/messages/contacts), is archived, or is not of the district.",
    },
  },
  listContacts: {
    method: "GET",
    path: "/api/messages/contacts",
    auth: "session",
    tag: "Messages",
    summary: "People you may write to",
    description: `${WHO} Active people of the district only, sorted by last name.`,
    response: { description: "The people the caller may start a conversation with.", schema: z.array(contactSchema) },
  },
  countUnread: {
    method: "GET",
    path: "/api/messages/unread",
    auth: "session",
    tag: "Messages",
    summary: "Your unread counts",
    description: "The total of unread messages over the caller's conversations (the navigation badge), and the count per conversation that has any.",
    response: { description: "The counts.", schema: unreadSchema },
  },
  getConversation: {
    method: "GET",
    path: "/api/messages/{id}",
    auth: "session",
    query: getConversationQuery,
    tag: "Messages",
    summary: "Read a conversation",
    description:
      `One page of messages, oldest first: the newest \`limit\` (default ${DEFAULT_PAGE}, at most ${MAX_PAGE}), or those before \`before\`. ` +
      `${TRANSLATED} Marks the conversation read for the caller (the others get a \`read\` event). ` +
      `Someone who left reads up to their leaving, nothing newer. ${VISIBLE}`,
    pathParams: id,
    queryDocs: {
      before: { description: "A message id of this conversation: return the messages before it (older). Unknown ids are 404." },
      limit: { description: `Messages per page, 1 to ${MAX_PAGE}; default ${DEFAULT_PAGE}.`, example: "50" },
    },
    response: { description: "The conversation with one page of messages.", schema: conversationSchema },
  },
  postMessage: {
    method: "POST",
    path: "/api/messages/{id}",
    auth: "session",
    body: postMessageSchema,
    status: 201,
    tag: "Messages",
    summary: "Post a message",
    description:
      "Posts `body` (1 to 4,000 characters after trimming). Its language is detected; before it is pushed it is translated once into each " +
      `language the participants read. ${EVENTS_NOTE} ${VISIBLE}`,
    pathParams: id,
    response: { description: "The message, as written.", schema: messageSchema },
    errors: {
      403: "`forbidden` also when the caller left this conversation (it is read-only for them).",
      409: "`conflict`: no one else is in the conversation any more (the others were deleted).",
    },
  },
  reactToMessage: {
    method: "POST",
    path: "/api/messages/{id}/react",
    auth: "session",
    body: reactSchema,
    tag: "Messages",
    summary: "Toggle a reaction",
    description:
      "Adds the caller's reaction with `emoji` to the message, or removes it when they had already reacted with it. " +
      `\`emoji\` must be exactly one emoji (400 otherwise). \`reactions\` maps each emoji to the people who reacted. ${EVENTS_NOTE} ${VISIBLE}`,
    pathParams: id,
    response: { description: "The message with its reactions now.", schema: messageSchema },
    errors: {
      403: "`forbidden` also when the caller left this conversation.",
      404: "`not_found`: the conversation, or a message of it with that id (notices cannot be reacted to).",
      409: `\`conflict\`: the message already holds ${MAX_REACTION_EMOJI} different emoji.`,
    },
  },
  markConversationRead: {
    method: "POST",
    path: "/api/messages/{id}/read",
    auth: "session",
    tag: "Messages",
    summary: "Mark a conversation read",
    description: `What GET /api/messages/{id} does besides reading: for a client that got new messages live while showing the conversation. ${VISIBLE}`,
    pathParams: id,
    response: { description: "Marked read.", schema: readStateSchema },
  },
  leaveConversation: {
    method: "DELETE",
    path: "/api/messages/{id}",
    auth: "session",
    tag: "Messages",
    summary: "Leave a group",
    description:
      "Removes the caller from a group conversation of 3 or more participants. The others see a notice (`kind: left`) and get a " +
      `\`participant-left\` event; the caller keeps the messages up to then, read-only. ${VISIBLE}`,
    pathParams: id,
    response: { description: "Left.", schema: okSchema },
    errors: {
      403: "`forbidden` also when the caller already left.",
      409: "`conflict`: a direct conversation cannot be left, nor a group with fewer than 3 participants.",
    },
  },
  getRealtimeSettings: {
    method: "GET",
    path: "/api/realtime",
    auth: "session",
    tag: "Realtime",
    summary: "Realtime connection settings",
    description:
      "Options for pusher-js (the Pusher Channels protocol): the app's key and the host to connect to (the embedded server, or the configured " +
      "Pusher Channels / soketi / sockudo service), and the caller's person channel. Every conversation event for the caller arrives on that " +
      "channel with the conversation's `seq` (docs/messages.md): `conversation-created`, `message-created`, `reaction`, " +
      "`participant-left`, `read`, `unread`. A client that sees a `seq` skipped, or reconnects, refetches.",
    response: { description: "pusher-js options.", schema: realtimeConfigSchema },
  },
  authorizeRealtimeChannel: {
    method: "POST",
    path: "/api/realtime/auth",
    auth: "session",
    body: realtimeAuthSchema,
    tag: "Realtime",
    summary: "Authorize a private channel",
    description:
      "Signs a subscription of the socket to `private-person-<your id>`, or to `private-conversation-<id>` of a conversation you take part in " +
      "(typing indicators travel there as client events). JSON, not the form pusher-js posts by default: configure its " +
      "`channelAuthorization.customHandler` to post `{socket_id, channel_name}`.",
    response: { description: "The signature for that socket and channel.", schema: realtimeAuthResponseSchema },
    errors: {
      403: "`forbidden` also for any other channel: someone else's, a conversation you are not in (or left, or of another district), or a malformed name.",
    },
  },
} satisfies Endpoints;
