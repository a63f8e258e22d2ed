import { z } from "zod";
import { flagSchema, timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { SOCKET_ID_PATTERN } from "@/lib/realtime/limits";
import { text } from "@/lib/validation/text.shared";
import { isSingleEmoji } from "./emoji";

// ---- Limits (docs/messages.md "Rules") ----

/** A message body, after trimming. */
const MAX_BODY_CHARS = 4000;
/** People named in `participants` besides the sender. */
const MAX_PARTICIPANTS = 250;
/** Messages per page of GET /api/messages/:id. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
/** Distinct emoji on one message. */
export const MAX_REACTION_EMOJI = 50;

// ---- Requests ----

const messageBodySchema = text()
  .trim()
  .min(1, "Write something: the message is empty.")
  .max(MAX_BODY_CHARS, `A message holds at most ${MAX_BODY_CHARS.toLocaleString("en")} characters.`)
  .describe(`The text, 1 to ${MAX_BODY_CHARS.toLocaleString("en")} characters after trimming (surrounding white space is removed).`);

export const createConversationSchema = z.object({
  participants: z
    .array(idSchema)
    .min(1, "Name at least one person besides yourself.")
    .max(MAX_PARTICIPANTS, `At most ${MAX_PARTICIPANTS} people.`)
    .describe(
      `Person ids of the people to write to (1 to ${MAX_PARTICIPANTS}); the sender is added, duplicates and the sender's own id are ignored. ` +
        "Every one must be an active person the sender may write to (see GET /api/messages/contacts), else 404.",
    ),
  body: messageBodySchema.describe("The opening message."),
});

export const postMessageSchema = z.object({ body: messageBodySchema });

export const reactSchema = z.object({
  messageId: idSchema.describe("A message of this conversation."),
  emoji: text()
    .refine(isSingleEmoji, "Send exactly one emoji (e.g. 👍), nothing else.")
    .describe("Exactly one emoji (a Unicode RGI emoji, including skin tones, flags and ZWJ sequences such as 👨‍👩‍👧), nothing else."),
});

const pageLimit = z
  .string()
  .regex(/^\d{1,4}$/, "Use a whole number.")
  .transform(Number)
  .pipe(z.int().min(1, "At least 1.").max(MAX_PAGE, `At most ${MAX_PAGE}.`));

export const getConversationQuery = z.object({
  before: idSchema.optional(),
  limit: pageLimit.optional(),
});

export const realtimeAuthSchema = z.object({
  socket_id: text()
    .regex(SOCKET_ID_PATTERN, "Not a Pusher socket id (<digits>.<digits>).")
    .describe("The connection's socket id (pusher-js `connection.socket_id`)."),
  channel_name: text()
    .max(200)
    .optional()
    .describe(
      "`private-person-<your id>` or `private-conversation-<id>` of a conversation you take part in. Without it, the socket's user sign-in (`pusher:signin`) is signed instead.",
    ),
});

export type CreateConversationInput = z.infer<typeof createConversationSchema>;
export type PostMessageInput = z.infer<typeof postMessageSchema>;
export type ReactInput = z.infer<typeof reactSchema>;
export type ConversationQuery = z.infer<typeof getConversationQuery>;
export type RealtimeAuthInput = z.infer<typeof realtimeAuthSchema>;

// ---- Responses ----

export const personNameSchema = z
  .object({ id: z.string(), first: z.string(), last: z.string() })
  .describe("A person named in a conversation. A sender who was deleted is not listed: show them as a deleted person.");

const reactionsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe("Emoji -> ids of the people who reacted with it, in the order they reacted; `{}` when none.");

export const messageSchema = z
  .object({
    id: z.string(),
    sender_id: z.string().describe("The author (for `kind: left`, the person who left). May name a person who was deleted since."),
    body: z
      .string()
      .describe(
        "The text in the reader's language: messages from others are translated (see `original`); your own are as you wrote them. " +
          "For `kind: left`, the name of the person who left, as it was then.",
      ),
    reactions: reactionsSchema,
    created_at: timestampSchema,
    kind: z
      .enum(["message", "left", "deleted"])
      .describe(
        "`message`; `left`: the notice that `sender_id` left the conversation; `deleted`: a message whose author was erased (its `body` is empty), kept so the conversation reads in order.",
      ),
    seq: z.int().describe("The conversation's event sequence number when the message was posted: the messages' order."),
    language: z.string().describe("Language of `body` (BCP 47 primary code)."),
    original: z
      .object({ language: z.string().describe("The language the sender wrote in (detected)."), body: z.string() })
      .optional()
      .describe("Present when `body` is a translation: the message as it was written."),
    translation: z
      .literal("unavailable")
      .optional()
      .describe("Present when the message is in another language than the reader's and no translation could be made: `body` is the original."),
  })
  .describe("A message as one reader reads it.");

export const lastMessageSchema = z
  .object({
    id: z.string(),
    body: z.string().describe("In the reader's language, like a Message's `body`."),
    sender_id: z.string(),
    created_at: timestampSchema,
  })
  .describe("The newest message the reader can read.");

const conversationKind = z
  .enum(["direct", "group"])
  .describe("`direct`: two people, reused by a second POST to the same person, cannot be left; `group` otherwise.");

export const conversationListItemSchema = z
  .object({
    id: z.string(),
    district_id: z.string(),
    kind: conversationKind,
    participants: z.array(z.string()).describe("Person ids of the current participants, the caller included (unless they left)."),
    people: z.array(personNameSchema).describe("Names of the participants and of the last message's sender."),
    last_message: lastMessageSchema.nullable().describe("The newest message the caller can read (null only for a conversation without any)."),
    unread: z.int().describe("Messages from others posted after the caller last read the conversation."),
    created_at: timestampSchema,
    last_activity_at: timestampSchema.describe("When the newest message the caller can read was posted: the list's order."),
    seq: z.int().describe("The conversation's latest event sequence number the caller has seen (for realtime gap detection)."),
    left: flagSchema.describe("1 when the caller left this group: it stays readable up to their leaving, read-only."),
  })
  .describe("A conversation in the caller's list.");

export const createdConversationSchema = z
  .object({
    id: z.string(),
    district_id: z.string(),
    participants: z.array(z.string()).describe("Person ids, the creator included."),
    created_at: timestampSchema,
  })
  .describe("The conversation the opening message was posted to: a new one, or the existing direct conversation with that person.");

export const conversationSchema = z
  .object({
    id: z.string(),
    district_id: z.string(),
    kind: conversationKind,
    participants: z.array(z.string()).describe("Person ids of the current participants."),
    people: z.array(personNameSchema).describe("Names of the participants and of every sender of the returned messages who still exists."),
    messages: z.array(messageSchema).describe("One page, oldest first: the newest messages (before `before`, when given)."),
    has_more: flagSchema.describe("1 when older messages exist: ask again with `before` = the first message's id."),
    read: z
      .record(z.string(), z.int())
      .describe('Participant id -> `seq` of the newest message they have read ("Seen by": who has read a message of that `seq` or newer).'),
    seq: z.int().describe("The conversation's latest event sequence number (for realtime gap detection)."),
    left: flagSchema.describe("1 when the caller left: the messages up to their leaving, nothing newer."),
    created_at: timestampSchema,
  })
  .describe("A conversation with one page of messages, in the caller's language.");

export const contactSchema = z
  .object({
    id: z.string(),
    first: z.string(),
    last: z.string(),
    relation: z
      .enum(["staff", "your_mentor", "your_candidate", "person"])
      .describe("Why the caller may write to them: staff, the caller's mentor, the caller's candidate, or (for staff callers) any other active person."),
  })
  .describe("A person the caller may start a conversation with.");

export const unreadSchema = z
  .object({
    total: z.int().describe("Unread messages over all the caller's conversations."),
    conversations: z.record(z.string(), z.int()).describe("Conversation id -> unread messages, for conversations with any."),
  })
  .describe("The caller's unread counts.");

export const readStateSchema = z
  .object({ ok: z.literal(true), last_read_seq: z.int().describe("`seq` of the newest message the caller has now read.") })
  .describe("The conversation is marked read.");

export const realtimeConfigSchema = z
  .object({
    key: z.string().describe("The app key (public)."),
    cluster: z.string(),
    wsHost: z.string(),
    wsPort: z.int(),
    wssPort: z.int(),
    forceTLS: z.boolean(),
    enabledTransports: z.array(z.enum(["ws", "wss"])),
    authEndpoint: z.string().describe("Where to authorize private channels: POST JSON `{socket_id, channel_name}` (see POST /api/realtime/auth)."),
    person_channel: z.string().describe("Your own channel, `private-person-<your id>`: every conversation event for you arrives there."),
  })
  .describe("pusher-js options: `new Pusher(key, options)`, with a channelAuthorization handler posting JSON to `authEndpoint`.");

export const realtimeAuthResponseSchema = z
  .object({
    auth: z.string().describe('"<key>:<signature>", for the `pusher:subscribe` (or the `pusher:signin`) of that socket only.'),
    user_data: z
      .string()
      .optional()
      .describe(
        'For a sign-in only: the JSON `{"id":"<your person id>","user_info":{"session_expires":<ms since the epoch>}}` the signature covers; the socket is signed in until the session ends.',
      ),
    channel_data: z
      .string()
      .optional()
      .describe("For a channel, unless the service runs on hosted Pusher Channels: binds the subscription to you; the socket must be signed in as you."),
  })
  .describe("The channel authorization, or user authentication, pusher-js expects.");

export type Message = z.infer<typeof messageSchema>;
export type LastMessage = z.infer<typeof lastMessageSchema>;
export type PersonName = z.infer<typeof personNameSchema>;
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;
export type CreatedConversation = z.infer<typeof createdConversationSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type Unread = z.infer<typeof unreadSchema>;
