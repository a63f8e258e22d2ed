"use client";

import { useSyncExternalStore } from "react";

/**
 * A message being sent (shown at once), or one that could not be sent (shown with Retry). Its
 * `idempotencyKey` goes with every attempt, so a Retry after an answer lost once the server had
 * stored the message gets that message back instead of storing it twice.
 */
export type PendingMessage = { tempId: string; idempotencyKey: string; body: string; createdAt: number; status: "sending" | "failed" };

const byConversation = new Map<string, PendingMessage[]>();
const listeners = new Set<() => void>();
const NONE: PendingMessage[] = [];

function changed(conversationId: string, next: PendingMessage[]) {
  if (next.length) byConversation.set(conversationId, next);
  else byConversation.delete(conversationId);
  for (const listener of listeners) listener();
}

export function putPending(conversationId: string, message: PendingMessage) {
  const current = byConversation.get(conversationId) ?? [];
  const exists = current.some((m) => m.tempId === message.tempId);
  changed(conversationId, exists ? current.map((m) => (m.tempId === message.tempId ? message : m)) : [...current, message]);
}

export function dropPending(conversationId: string, tempId: string) {
  changed(
    conversationId,
    (byConversation.get(conversationId) ?? []).filter((m) => m.tempId !== tempId),
  );
}

/** The conversation's unsent messages now. */
export const pendingOf = (conversationId: string): PendingMessage[] => byConversation.get(conversationId) ?? NONE;

/** The conversation's unsent messages (kept while the tab lives, across navigation). */
export function usePending(conversationId: string): PendingMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingOf(conversationId),
    () => NONE,
  );
}
