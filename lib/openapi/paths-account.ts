import { okSchema } from "@/lib/http/schemas";
import { unsubscribeQuerySchema, unsubscribeResultSchema } from "@/lib/notifications/schemas";
import { meSchema, updateMeSchema } from "@/lib/people/schemas";
import type { Endpoints } from "./operation";

/** The signed-in session itself: sessions only. */
export const accountEndpoints = {
  getMe: {
    method: "GET",
    path: "/api/me",
    auth: "session",
    tag: "Session",
    summary: "Who is signed in",
    description: "The session's person (single-person shape), district, role kinds and permissions: what a client needs to decide what to offer.",
    response: { description: "The signed-in person and what they may do.", schema: meSchema },
  },
  updateMe: {
    method: "PATCH",
    path: "/api/me",
    auth: "session",
    body: updateMeSchema,
    tag: "Session",
    summary: "Change your own language and e-mail notifications",
    description:
      "Saves the signed-in person's `language` (BCP 47); the interface follows it (English or Spanish, English for other languages), and so do translated messages and transcripts. " +
      "`notifications` turns each kind of e-mail notification on (1) or off (0): `messages` (unread messages, once the person has been away for a while), `interview_published` (a candidate's interview was published), `interview_reminder` (a board member's scorecard of a past interview is not submitted); kinds not sent keep their value. " +
      "Send either or both. Needs no people:edit permission: it changes nothing else.",
    response: { description: "The signed-in person and what they may do, with the new language and notifications.", schema: meSchema },
  },
  signOut: {
    method: "DELETE",
    path: "/api/me",
    auth: "session",
    tag: "Session",
    summary: "Sign out",
    description: "Deletes the calling session: the same token is refused (401) from the next request on.",
    response: { description: "Signed out.", schema: okSchema },
  },
  unsubscribe: {
    method: "POST",
    path: "/api/unsubscribe",
    auth: "public",
    query: unsubscribeQuerySchema,
    tag: "Session",
    summary: "One-click unsubscribe from one kind of e-mail",
    description:
      "The `List-Unsubscribe` link of every notification e-mail (RFC 8058, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail client POSTs it, with that form body, and the person stops getting that one kind of e-mail. " +
      "No sign-in: the `token` is signed by the service and names the person and the kind, nothing else; a token that was changed or cut short is refused (400). " +
      "The e-mail's own link opens `/unsubscribe?token=…`, a page that asks before it POSTs here (a browser is then sent back to that page). The person can turn the kind on again in their settings or with `PATCH /api/me`.",
    queryDocs: { token: { description: "The signed token of the e-mail's link." } },
    response: { description: "That kind of e-mail is stopped for that person.", schema: unsubscribeResultSchema },
    errors: { 404: "The person the token names no longer exists." },
  },
} satisfies Endpoints;
