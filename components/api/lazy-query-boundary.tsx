"use client";

import dynamic from "next/dynamic";

/**
 * QueryBoundary (components/api/query-boundary.tsx) in a chunk of its own, still rendered with the
 * HTML. For a page module whose route some readers get without react-query (`/`: a candidate's
 * start page): Next.js sends every client component a page module imports in one group of chunks,
 * so importing QueryBoundary there directly would send react-query to all of them.
 */
export const LazyQueryBoundary = dynamic(() => import("./query-boundary").then((m) => m.QueryBoundary));
