"use client";

import dynamic from "next/dynamic";

/*
 * `/` serves every audience its own start page (app/(app)/page.tsx). Each is its own chunk, so
 * that a candidate on a phone downloads only theirs: still rendered with the HTML (ssr), its
 * chunk preloaded there. Imported statically, the page's scripts would hold all four.
 */

export const PeopleStartPage = dynamic(() => import("@/components/people/people-list-page").then((m) => m.PeopleListPage));

export const InterviewsStartPage = dynamic(() => import("@/components/interviews/interviews-list-page").then((m) => m.InterviewsListPage));

export const MentorStartPage = dynamic(() => import("./mentor-home").then((m) => m.MentorHome));

export const CandidateStartPage = dynamic(() => import("./candidate-home").then((m) => m.CandidateHome));
