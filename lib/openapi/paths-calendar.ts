import { calendarFeedSchema, calendarSettingsSchema, updateCalendarSettingsSchema } from "@/lib/calendar/schemas";
import type { Endpoints } from "./operation";

// Interviews in everyone's calendar (issue 33): invitations by e-mail, and each person's private feed.

const INVITATIONS =
  "An interview with `starts_at` is sent by e-mail as an iCalendar invitation (RFC 5546 `METHOD:REQUEST`, a text/calendar part and an `.ics` attachment) to its candidate and its board's members, in each one's language; " +
  "one `UID` per interview (`interview-<id>@<host>`). A change of `starts_at`, `duration_minutes`, `location` or `meeting_url` sends each of them an update (same `UID`, `SEQUENCE` + 1); " +
  "deleting the interview, clearing its time, or taking a member off the board sends a `CANCEL` to exactly those who were invited. Invitations carry only the title, time, place, meeting link and a link to the interview page. " +
  "They are sent by the job `calendar-sync` (retried while the mail server is down), never to an archived person, and not for an interview already over.";

const FEED =
  "The feed lists the owner's interviews with a time that are not over yet, as the owner may see them now: staff every interview of the district, a mentor their candidates' published ones, a candidate their own published ones. " +
  "Times are in UTC; `X-WR-TIMEZONE` names the district's time zone.";

export const calendarEndpoints = {
  getCalendarSettings: {
    method: "GET",
    path: "/api/settings/calendar",
    auth: "session",
    permission: "settings",
    tag: "Calendar",
    summary: "Read when calendar invitations go out",
    description: INVITATIONS,
    response: { description: "The settings.", schema: calendarSettingsSchema },
  },
  updateCalendarSettings: {
    method: "PATCH",
    path: "/api/settings/calendar",
    auth: "session",
    permission: "settings",
    body: updateCalendarSettingsSchema,
    tag: "Calendar",
    summary: "Choose when calendar invitations go out",
    description: `\`invitations\`: \`publish\` (the default) or \`create\`. It applies from each interview's next change; what was sent stays sent.\n\n${INVITATIONS}`,
    response: { description: "The settings as they are now.", schema: calendarSettingsSchema },
  },
  issueCalendarFeed: {
    method: "POST",
    path: "/api/me/calendar-feed",
    auth: "session",
    tag: "Calendar",
    summary: "Get a new calendar feed address",
    description: `A new private address of the signed-in person's calendar feed, for Google Calendar, Outlook or a phone to subscribe to. Only a hash of it is kept; the address issued before stops working (404).\n\n${FEED}`,
    response: { description: "The new address.", schema: calendarFeedSchema },
  },
  getCalendarFeed: {
    method: "GET",
    path: "/api/calendar/{file}",
    auth: "public",
    tag: "Calendar",
    summary: "Read a calendar feed",
    description: `No session: the token in the address (\`<token>.ics\`, from \`POST /api/me/calendar-feed\`) is the credential. An unknown or replaced token, or one of an archived person, is 404.\n\n${FEED}`,
    pathParams: { file: "`<token>.ics`." },
    response: { description: "The feed (iCalendar).", binary: true, contentType: "text/calendar" },
    errors: { 404: "`not_found`: no feed has this address (never issued, or replaced by a newer one)." },
  },
} satisfies Endpoints;
