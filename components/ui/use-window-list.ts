"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";

/**
 * A long list scrolled with the page, rendering only the rows in view. Returns the ref for
 * the list element (its distance from the top of the page is measured, again on resize) and
 * the virtualizer.
 */
export function useWindowList<T>(items: T[], { rowHeight, key }: { rowHeight: number; key: (item: T) => string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setOffset((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: offset,
    getItemKey: (n) => key(items[n]),
  });
  return { listRef, virtualizer };
}
