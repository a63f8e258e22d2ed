"use client";

import { apiFetch } from "@/components/api/api-fetch";
import { EVENTS, isReduced, type MessageCreatedEvent, type UnreadEvent } from "@/lib/messages/realtime-events.shared";
import { isViewing } from "./active-conversation";
import type { Unread } from "./chat-types";
import { keepRealtimeStarted, onRealtimeEvent, onResync } from "./realtime-client";

/**
 * The person's total of unread messages, for the navigation's badge on every signed-in page,
 * without the chat's data layer (chat-sync.ts keeps the chat pages' caches; a page that shows no
 * conversation needs only this number). GET /api/messages/unread, then kept by the person
 * channel's events: `unread` carries the new total (after a read or a leave, from any device);
 * a message from someone else in a conversation not on screen asks the server again, a moment
 * later (a burst of messages makes one request); every reconnect asks again too.
 */

const REFETCH_DELAY_MS = 300;

let total = 0;
const listeners = new Set<() => void>();
let running: { stop: () => void } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | null = null;

function set(next: number) {
  if (next === total) return;
  total = next;
  for (const listener of listeners) listener();
}

/** Forgets a request waiting or running: a newer total came, or nobody listens. */
function cancelPending() {
  clearTimeout(timer);
  inFlight?.abort();
  inFlight = null;
}

function fetchNow() {
  cancelPending();
  const request = new AbortController();
  inFlight = request;
  apiFetch<Unread>("/api/messages/unread", { signal: request.signal }).then(
    (unread) => {
      if (inFlight === request) set(unread.total);
    },
    () => {
      // Offline or refused: the next event, or the next reconnect's resync, asks again.
    },
  );
}

function fetchSoon() {
  clearTimeout(timer);
  timer = setTimeout(fetchNow, REFETCH_DELAY_MS);
}

function start(meId: string) {
  const offEvent = onRealtimeEvent((name, data) => {
    if (name === EVENTS.unread) {
      // Events arrive in order: this total counts every message announced before it.
      cancelPending();
      set((data as UnreadEvent).total);
      return;
    }
    if (name !== EVENTS.messageCreated && name !== EVENTS.conversationCreated && name !== EVENTS.participantLeft) return;
    const event = data as MessageCreatedEvent;
    if (isViewing(event.conversation_id)) return;
    if (!isReduced(event) && event.message.sender_id === meId) return;
    fetchSoon();
  });
  const offResync = onResync(fetchNow);
  // Not connecting (no settings): ask for the total after each new try.
  const stopRealtime = keepRealtimeStarted(fetchNow);
  fetchNow();
  return () => {
    offEvent();
    offResync();
    stopRealtime();
    cancelPending();
  };
}

/** For useSyncExternalStore: the first listener starts the count (and the tab's realtime connection), the last stops listening. */
export function subscribeUnreadTotal(meId: string, listener: () => void) {
  listeners.add(listener);
  if (!running) running = { stop: start(meId) };
  return () => {
    listeners.delete(listener);
    if (!listeners.size && running) {
      running.stop();
      running = null;
    }
  };
}

export const unreadTotal = () => total;
