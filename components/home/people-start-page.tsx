"use client";

import dynamic from "next/dynamic";

/*
 * Staff who manage people get their start page at `/` (app/(app)/page.tsx), in a chunk of its own: still rendered with the HTML
 * (ssr) and its chunk preloaded there, but no other audience's code comes with it.
 */
export const PeopleStartPage = dynamic(() => import("@/components/people/people-list-page").then((m) => m.PeopleListPage));
