"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** As the pages' queries are (components/providers.tsx, staleTime): older than this, data is fetched again. */
const STALE_MS = 15_000;

/**
 * For a page rendered on the server: when the reader comes back to the tab and what they see
 * was rendered more than 15 s ago, it is rendered again (router.refresh keeps scroll and focus),
 * as the query-backed pages refetch on focus.
 */
export function RefreshOnReturn() {
  const router = useRouter();
  useEffect(() => {
    let renderedAt = Date.now();
    const onReturn = () => {
      if (document.visibilityState !== "visible" || Date.now() - renderedAt < STALE_MS) return;
      renderedAt = Date.now();
      router.refresh();
    };
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    return () => {
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
    };
  }, [router]);
  return null;
}
