"use client";

import dynamic from "next/dynamic";

/*
 * The interviews list's client parts, each in a chunk of its own, still rendered with the HTML
 * and its chunk preloaded there when the list is shown. The list is a board member's start page
 * at `/`, and Next.js sends every client component a page's module imports to every reader of
 * the route: imported directly, a mentor's and a candidate's start page would load these too.
 */
export const InterviewsSearch = dynamic(() => import("./interviews-search").then((m) => m.InterviewsSearch));
export const NewInterviewButton = dynamic(() => import("./new-interview-button").then((m) => m.NewInterviewButton));
