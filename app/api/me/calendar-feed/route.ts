import { issueCalendarFeed } from "@/lib/calendar/issue-calendar-feed";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { calendarEndpoints } from "@/lib/openapi/paths-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // A new private calendar feed address for the signed-in person; the old one stops working.
  route(calendarEndpoints.issueCalendarFeed, ({ ctx }) => issueCalendarFeed(ctx)),
);
