"use client";

import { useRouter } from "next/navigation";
import { useEffect, useOptimistic, useRef, useState, useTransition } from "react";

/** How long typing pauses before the list is asked for again: one request for a word, not one a letter. */
const TYPING_PAUSE_MS = 250;

/**
 * A server-rendered list's filters, kept in its address: `show(change)` replaces the address
 * (at `path`, from the first page), and the server renders the list for it. The controls show a
 * change at once (`shown`) while the list follows (`pending`); the search box's `text` is the
 * reader's own while they type, sent once typing pauses.
 */
export function useAddressFilters<F extends { q: string; after: string }>(filters: F, path: string, queryOf: (f: F) => string) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(filters);
  const [text, setText] = useState(filters.q);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  const show = (change: Partial<F>) => {
    clearTimeout(typing.current);
    const next = { ...shown, q: text, ...change, after: "" };
    if ("q" in change) setText(next.q);
    startTransition(() => {
      setShown(next);
      router.replace(`${path}${queryOf(next)}`, { scroll: false });
    });
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => show({ q: value } as Partial<F>), TYPING_PAUSE_MS);
  };
  return { shown, text, type, show, pending };
}
