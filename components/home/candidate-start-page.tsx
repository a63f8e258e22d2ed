"use client";

import dynamic from "next/dynamic";

/*
 * A candidate's start page at `/` (app/(app)/page.tsx), in a chunk of its own: still rendered with the HTML
 * (ssr) and its chunk preloaded there, but no other audience's code comes with it.
 */
export const CandidateStartPage = dynamic(() => import("./candidate-home").then((m) => m.CandidateHome));
