"use client";

import { useEffect, useState } from "react";

/**
 * Calls `callback` when the browser is first idle (at most `timeout` ms later); returns a cancel.
 * For work no first paint needs: deferred code, the realtime connection.
 */
export function onIdle(callback: () => void, timeout = 2000): () => void {
  if (!window.requestIdleCallback) {
    const timer = window.setTimeout(callback, 300);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(handle);
}

/** False until the browser is first idle after the page started (at most `timeout` ms later): for what no page needs to show. */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => setIdle(true), timeout), [timeout]);
  return idle;
}

/**
 * Resolves once the page has loaded and the browser is idle (at most `timeout` ms later), or at the
 * person's first press or key, whichever comes first; at once on the server. For code a first
 * screen shows as HTML but needs only for what the person does next.
 */
export function afterLoadOrTouch(timeout = 2000): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  const touches = ["pointerdown", "keydown"] as const;
  return new Promise((resolve) => {
    const done = () => {
      for (const type of touches) document.removeEventListener(type, done, { capture: true });
      resolve();
    };
    for (const type of touches) document.addEventListener(type, done, { capture: true, passive: true });
    const idle = () => onIdle(done, timeout);
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
}
