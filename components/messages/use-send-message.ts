"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import type { Conversation, ConversationListItem, Message } from "./chat-types";
import { messageKeys } from "./message-keys";
import { dropPending, putPending } from "./pending-messages";

let counter = 0;

/**
 * Optimistic sending: the message shows at once (sending…), is replaced by the stored one when
 * the server answers, and stays with "Retry" when it could not be sent.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();

  const send = useCallback(
    (body: string, tempId = `pending-${Date.now()}-${++counter}`) => {
      putPending(conversationId, { tempId, body, createdAt: Date.now(), status: "sending" });
      apiFetch<Message>(`/api/messages/${conversationId}`, { method: "POST", body: { body } }).then(
        (message) => {
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
        },
        () => putPending(conversationId, { tempId, body, createdAt: Date.now(), status: "failed" }),
      );
    },
    [conversationId, queryClient],
  );

  return { send, discard: (tempId: string) => dropPending(conversationId, tempId) };
}
