"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { createChatSync } from "./chat-sync";
import { getStatus, keepRealtimeStarted, onRealtimeEvent, onResync, subscribeStatus, type RealtimeStatus } from "./realtime-client";

/** One sync per tab, however many components ask for it (each event must be counted once). */
let shared: { queryClient: QueryClient; meId: string; users: number; stop: () => void } | null = null;

function acquire(queryClient: QueryClient, meId: string) {
  if (shared && (shared.queryClient !== queryClient || shared.meId !== meId)) {
    shared.stop();
    shared = null;
  }
  if (!shared) {
    const sync = createChatSync(queryClient, meId);
    // Connected already (while nothing listened): whatever arrived meanwhile is fetched again.
    // Otherwise the subscription to come asks for that itself (realtime-client.ts).
    if (getStatus() === "connected") sync.resync();
    const offEvent = onRealtimeEvent(sync.handle);
    const offResync = onResync(sync.resync);
    // Not connecting (no settings): fetch what was missed after each new try.
    const stopRealtime = keepRealtimeStarted(sync.resync);
    shared = {
      queryClient,
      meId,
      users: 0,
      stop: () => {
        offEvent();
        offResync();
        stopRealtime();
      },
    };
  }
  shared.users++;
  const mine = shared;
  return () => {
    if (--mine.users === 0 && shared === mine) {
      mine.stop();
      shared = null;
    }
  };
}

/**
 * Connects this tab to the realtime server (pusher-js is loaded then, never in a page's first
 * load) and keeps the messages caches in step with its events. Used by the navigation's unread
 * badge (on every signed-in page, once the page is idle) and by the chat pages (at once).
 */
export function useChatSync(meId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
    return acquire(queryClient, meId);
  }, [queryClient, meId]);
}

/** The connection's state, for the "disconnected" banner. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, getStatus, () => "idle");
}
