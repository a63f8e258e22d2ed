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
