"use client";

import type { DehydratedState } from "@tanstack/react-query";
import dynamic from "next/dynamic";

/*
 * Staff who manage people get their start page at `/` (app/(app)/page.tsx), in a chunk of its own: still rendered with the HTML
 * (ssr) and its chunk preloaded there, but no other audience's code comes with it; react-query
 * too comes in a chunk of its own (QueryBoundary), so a candidate's start page goes without it.
 */
const QueryBoundary = dynamic(() => import("@/components/api/query-boundary").then((m) => m.QueryBoundary));
const PeopleListPage = dynamic(() => import("@/components/people/people-list-page").then((m) => m.PeopleListPage));

/** With `state`, the answers its first paint needs (app/(app)/_prefetch/dehydrated-queries.ts). */
export function PeopleStartPage({ state }: { state: DehydratedState }) {
  return (
    <QueryBoundary state={state}>
      <PeopleListPage />
    </QueryBoundary>
  );
}
