"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { QueryProvider } from "./query-provider";

/**
 * The API's data layer around `children`, with `state`'s answers (if any) in the tab's query
 * cache before they render: what app/(app)/_prefetch/prefetched.tsx renders, and what a client component loads
 * when one of its parts needs it (lazy-query-boundary.tsx).
 */
export function QueryBoundary({ state, children }: { state?: DehydratedState; children: React.ReactNode }) {
  return (
    <QueryProvider>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </QueryProvider>
  );
}
