"use client";

import dynamic from "next/dynamic";

/*
 * The people list's client parts, each in a chunk of its own, still rendered with the HTML and
 * its chunk preloaded there when the list is shown. The list is staff's start page at `/`, and
 * Next.js sends every client component a page's module imports to every reader of the route:
 * imported directly, a mentor's and a candidate's start page would load these too.
 */
export const PeopleSearch = dynamic(() => import("./people-search").then((m) => m.PeopleSearch));
export const PeopleActions = dynamic(() => import("./people-actions").then((m) => m.PeopleActions));
export const AddFirstPersonButton = dynamic(() => import("./people-actions").then((m) => m.AddFirstPersonButton));
