"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { dropPending } from "./pending-messages";
import { sendOptimistically } from "./send-message";

/** Sending in a conversation, optimistically (send-message.ts), with Discard for a failed one. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const send = useCallback((body: string, tempId?: string) => void sendOptimistically(queryClient, conversationId, body, tempId), [conversationId, queryClient]);
  return { send, discard: (tempId: string) => dropPending(conversationId, tempId) };
}
