"use client";

import { useEffect, useState } from "react";

/** False until the browser is first idle after the page started (at most `timeout` ms later): for what no page needs to show. */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(() => setIdle(true), 300);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout });
    return () => window.cancelIdleCallback(handle);
  }, [timeout]);
  return idle;
}
