import { readCalendarFeed } from "@/lib/calendar/read-calendar-feed";
import { methods } from "@/lib/http/methods";
import { publicRoute } from "@/lib/http/public-route";
import { calendarEndpoints } from "@/lib/openapi/paths-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // A person's calendar feed: no session, the token in the address is the credential (unknown or replaced: 404).
  publicRoute(calendarEndpoints.getCalendarFeed, async (_req, context) => {
    const { file } = (await context.params) as { file: string };
    const body = await readCalendarFeed(file);
    return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" } });
  }),
);
