"use client";

import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { newId } from "@/lib/ids/ids.shared";
import type { Conversation, ConversationListItem, Message } from "./chat-types";
import { messageKeys } from "./message-keys";
import { dropPending, putPending, type PendingMessage } from "./pending-messages";

/** What names one message not sent yet: on the page (`tempId`) and to the server (`idempotencyKey`). */
type Attempt = Pick<PendingMessage, "tempId" | "idempotencyKey">;

let counter = 0;

const newAttempt = (): Attempt => ({ tempId: `pending-${Date.now()}-${++counter}`, idempotencyKey: newId() });

/**
 * Optimistic sending: the message shows at once (sending…) among the conversation's pending
 * ones; when the server answers, the stored message takes its place in the conversation and the
 * list, and the pending one goes; when it could not be sent, it stays, "failed", for Retry (the
 * same call with the failed message's `tempId` and `idempotencyKey`) or Discard. Every attempt
 * carries the message's Idempotency-Key: when the answer was lost after the server stored the
 * message, Retry gets the stored one back (replayed) rather than storing a second copy.
 * Resolves when the attempt is over.
 */
export async function sendOptimistically(queryClient: QueryClient, conversationId: string, body: string, { tempId, idempotencyKey }: Attempt = newAttempt()) {
  putPending(conversationId, { tempId, idempotencyKey, body, createdAt: Date.now(), status: "sending" });
  let message: Message;
  try {
    message = await apiFetch<Message>(`/api/messages/${conversationId}`, { method: "POST", body: { body }, headers: { "Idempotency-Key": idempotencyKey } });
  } catch {
    putPending(conversationId, { tempId, idempotencyKey, body, createdAt: Date.now(), status: "failed" });
    return;
  }
  queryClient.setQueryData<Conversation>(messageKeys.conversation(conversationId), (c) =>
    !c || c.messages.some((m) => m.id === message.id)
      ? c
      : { ...c, messages: [...c.messages, message].sort((a, b) => a.seq - b.seq), read: { ...c.read, [message.sender_id]: message.seq } },
  );
  queryClient.setQueryData<ConversationListItem[]>(messageKeys.list(), (list) =>
    list
      ?.map((c) =>
        c.id === conversationId && message.created_at >= (c.last_message?.created_at ?? 0)
          ? {
              ...c,
              unread: 0,
              last_activity_at: message.created_at,
              last_message: { id: message.id, body: message.body, sender_id: message.sender_id, created_at: message.created_at },
            }
          : c,
      )
      .sort((a, b) => b.last_activity_at - a.last_activity_at),
  );
  dropPending(conversationId, tempId);
}
