"use client";

import type { DehydratedState } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { LazyQueryBoundary } from "@/components/api/lazy-query-boundary";

/*
 * The interview page for everyone but a candidate reading their own (app/(app)/interviews/[personId]/[id]/page.tsx),
 * in a chunk of its own with react-query: still rendered with the HTML, its chunks preloaded there,
 * but the page module imports none of it, so a candidate's server-rendered interview goes without.
 */
const InterviewPage = dynamic(() => import("./interview-page").then((m) => m.InterviewPage));

/** With `state`, the answers its first paint needs (app/(app)/_prefetch/dehydrated-queries.ts). */
export function InterviewPageEntry({ state, personId, id }: { state: DehydratedState; personId: string; id: string }) {
  return (
    <LazyQueryBoundary state={state}>
      <InterviewPage personId={personId} id={id} />
    </LazyQueryBoundary>
  );
}
