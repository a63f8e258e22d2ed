"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { dropPending, type PendingMessage } from "./pending-messages";
import { sendOptimistically } from "./send-message";

/**
 * Sending in a conversation, optimistically (send-message.ts), with Retry (the same message,
 * under its Idempotency-Key) and Discard for a failed one.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const send = useCallback((body: string) => void sendOptimistically(queryClient, conversationId, body), [conversationId, queryClient]);
  const retry = useCallback(
    (failed: PendingMessage) => void sendOptimistically(queryClient, conversationId, failed.body, failed),
    [conversationId, queryClient],
  );
  return { send, retry, discard: (tempId: string) => dropPending(conversationId, tempId) };
}
