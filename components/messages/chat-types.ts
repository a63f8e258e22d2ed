// The API's shapes (lib/messages/schemas.ts), as types only: nothing of the server reaches the browser.
export type { Contact, Conversation, ConversationListItem, CreatedConversation, Message, PersonName, Unread } from "@/lib/messages/schemas";
import type { RealtimeClientConfig } from "@/lib/realtime/config";

/** GET /api/realtime: pusher-js's settings and the person's own channel. */
export type RealtimeSettings = RealtimeClientConfig & { person_channel: string };
