"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";

type WindowRow<T> = { item: T; index: number; key: string; top: number };

/** Rows rendered beyond each edge of the window, so a quick scroll does not show blank space. */
const OVERSCAN_PX = 600;

/**
 * A long list scrolled with the page, rendering only the rows near the window (thousands of
 * people or interviews stay fast). Rows may differ in height (a person with tags, a phone's
 * wrapped lines): each rendered row is measured and remembered by its key, and a row not seen
 * yet counts as `rowHeight`. Returns the list's ref, its full height, the rows to render with
 * their offset from the list's top, and `measure`, the ref callback each row element takes.
 *
 * Hand-written rather than a virtualisation library: what these lists need is this small.
 */
export function useWindowList<T>(items: T[], { rowHeight, key }: { rowHeight: number; key: (item: T) => string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const keyOf = useRef(key);
  keyOf.current = key;
  // Heights measured so far, by key: replaced (never changed in place) when one is learnt, which
  // moves the rows below it.
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  // The window's span, in pixels from the list's top.
  const [view, setView] = useState({ top: 0, bottom: 1000 });

  const offsets = useMemo(() => {
    const out = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) out[i + 1] = out[i] + (heights.get(keyOf.current(items[i])) ?? rowHeight);
    return out;
  }, [items, rowHeight, heights]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const list = listRef.current;
      if (!list) return;
      const top = -list.getBoundingClientRect().top;
      setView((v) => (Math.abs(v.top - top) < 8 && v.bottom - v.top === window.innerHeight ? v : { top, bottom: top + window.innerHeight }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);

  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const measure = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    observer.current ??= new ResizeObserver((entries) => {
      const seen = entries.map((entry) => [(entry.target as HTMLElement).dataset.key!, (entry.target as HTMLElement).offsetHeight] as const);
      setHeights((known) => {
        let next: Map<string, number> | undefined;
        for (const [k, height] of seen) {
          if (height && known.get(k) !== height) (next ??= new Map(known)).set(k, height);
        }
        return next ?? known;
      });
    });
    const watching = observer.current;
    watching.observe(el);
    // A row scrolled out of range is no longer watched (React calls this when it goes).
    return () => watching.unobserve(el);
  }, []);

  // The first row reaching into the span (binary search over the offsets), then rows until past it.
  const rows: WindowRow<T>[] = [];
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] < view.top - OVERSCAN_PX) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < items.length && offsets[i] <= view.bottom + OVERSCAN_PX; i++) {
    rows.push({ item: items[i], index: i, key: keyOf.current(items[i]), top: offsets[i] });
  }

  return { listRef, totalHeight: offsets[items.length], rows, measure };
}
