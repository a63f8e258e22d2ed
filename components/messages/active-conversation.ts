"use client";

/** The conversation on screen: its new messages are read at once, never counted unread (by the chat's caches or the badge). */
let active: string | null = null;

export function setActiveConversation(id: string | null) {
  active = id;
}

export const isViewing = (id: string) => active === id && typeof document !== "undefined" && document.visibilityState === "visible";
