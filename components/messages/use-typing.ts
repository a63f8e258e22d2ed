"use client";

import type { Channel } from "pusher-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { TYPING_EVENT, type TypingEvent } from "@/lib/messages/realtime-events.shared";
import { openConversationChannel } from "./realtime-client";

/** How often "typing" is sent while someone types, and how long it shows without news. */
const SEND_EVERY_MS = 2500;
const SHOW_FOR_MS = 6000;

/**
 * Typing indicators through client events on the conversation's private channel: `notify(true)`
 * while the person types (throttled), `notify(false)` when they send or clear the text; the
 * others who type are listed while their last news is recent.
 */
export function useTyping(conversationId: string, meId: string, enabled: boolean) {
  const [typing, setTyping] = useState<Record<string, number>>({});
  const channelRef = useRef<Channel | null>(null);
  const lastSent = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const onTyping = (data: TypingEvent) => {
      if (!data || typeof data.person_id !== "string" || data.person_id === meId) return;
      setTyping((current) => {
        const { [data.person_id]: _gone, ...rest } = current;
        return data.typing ? { ...rest, [data.person_id]: Date.now() + SHOW_FOR_MS } : rest;
      });
    };
    const release = openConversationChannel(conversationId, (channel) => {
      channelRef.current = channel;
      channel.bind(TYPING_EVENT, onTyping);
    });
    return () => {
      channelRef.current?.unbind(TYPING_EVENT, onTyping);
      channelRef.current = null;
      release();
      setTyping({});
    };
  }, [conversationId, meId, enabled]);

  const active = Object.keys(typing).length > 0;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => {
        const kept = Object.fromEntries(Object.entries(current).filter(([, until]) => until > now));
        return Object.keys(kept).length === Object.keys(current).length ? current : kept;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [active]);

  const notify = useCallback(
    (isTyping: boolean) => {
      const channel = channelRef.current;
      if (!channel?.subscribed) return;
      const now = Date.now();
      if (isTyping) {
        if (now - lastSent.current < SEND_EVERY_MS) return;
        lastSent.current = now;
      } else {
        if (!lastSent.current) return;
        lastSent.current = 0;
      }
      channel.trigger(TYPING_EVENT, { person_id: meId, typing: isTyping } satisfies TypingEvent);
    },
    [meId],
  );

  /** Someone who just posted is no longer typing. */
  const stopped = useCallback((personId: string) => {
    setTyping((current) => {
      if (!(personId in current)) return current;
      const { [personId]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  return { typingIds: Object.keys(typing), notify, stopped };
}
