"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { apiFetch } from "@/components/api/api-fetch";
import type { searchResultSchema } from "@/lib/search/schemas";

export type SearchResult = z.infer<typeof searchResultSchema>;
type SearchPage = { results: SearchResult[]; next_cursor: string | null };

/** The shortest query sent: one letter matches too much to be worth a request. */
const MIN_QUERY_CHARS = 2;
/** Keystrokes this close together make one request. */
const DEBOUNCE_MS = 200;
const PAGE = 20;

/** TanStack Query keys of the search palette. */
const searchKeys = {
  all: ["search"] as const,
  results: (q: string, archived: boolean) => [...searchKeys.all, q, archived ? 1 : 0] as const,
};

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * GET /api/search for what is typed (debounced), page after page through `next_cursor`; the
 * previous results stay shown while the next query runs.
 */
export function useSearch(typed: string, archived: boolean) {
  const q = useDebounced(typed.trim(), DEBOUNCE_MS);
  const enabled = q.length >= MIN_QUERY_CHARS;
  const query = useInfiniteQuery({
    queryKey: searchKeys.results(q, archived),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<SearchPage>("/api/search", { query: { q, limit: PAGE, cursor: pageParam ?? undefined, ...(archived ? { archived: 1 } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const results = enabled ? (query.data?.pages.flatMap((p) => p.results) ?? []) : [];
  return { q, enabled, pending: typed.trim() !== q, results, query };
}
