import { okSchema } from "@/lib/http/schemas";
import { meSchema } from "@/lib/people/schemas";
import { operations } from "./operation";

/** The signed-in session itself: sessions only. */
export const accountOperations = operations([
  {
    operationId: "getMe",
    tag: "Session",
    summary: "Who is signed in",
    description: "The session's person (single-person shape), district, role kinds and permissions: what a client needs to decide what to offer.",
    response: { description: "The signed-in person and what they may do.", schema: meSchema },
  },
  {
    operationId: "updateMe",
    tag: "Session",
    summary: "Change your own language",
    description: "Saves the signed-in person's `language` (BCP 47); the interface follows it (English or Spanish, English for other languages), and so do translated messages and transcripts. Needs no people:edit permission: it changes nothing else.",
    response: { description: "The signed-in person and what they may do, with the new language.", schema: meSchema },
  },
  {
    operationId: "signOut",
    tag: "Session",
    summary: "Sign out",
    description: "Deletes the calling session: the same token is refused (401) from the next request on.",
    response: { description: "Signed out.", schema: okSchema },
  },
]);
