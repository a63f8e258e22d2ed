"use client";

import type { DehydratedState } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { LazyQueryBoundary } from "@/components/api/lazy-query-boundary";

/*
 * Staff who run interviews get their start page at `/` (app/(app)/page.tsx), in a chunk of its own: still rendered with the HTML
 * (ssr) and its chunk preloaded there, but no other audience's code comes with it; and
 * react-query with LazyQueryBoundary, so a mentor's or a candidate's start page goes without it.
 */
const InterviewsListPage = dynamic(() => import("@/components/interviews/interviews-list-page").then((m) => m.InterviewsListPage));

/** With `state`, the answers its first paint needs (app/(app)/_prefetch/dehydrated-queries.ts). */
export function InterviewsStartPage({ state }: { state: DehydratedState }) {
  return (
    <LazyQueryBoundary state={state}>
      <InterviewsListPage defaults={{ status: "draft" }} />
    </LazyQueryBoundary>
  );
}
