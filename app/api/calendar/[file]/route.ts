import { readCalendarFeed } from "@/lib/calendar/read-calendar-feed";
import { publicRoute } from "@/lib/http/declaration";
import { errorResponse, toAppError } from "@/lib/http/errors";
import { methods } from "@/lib/http/methods";
import { calendarEndpoints } from "@/lib/openapi/paths-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // A person's calendar feed: no session, the token in the address is the credential (unknown or replaced: 404).
  publicRoute(calendarEndpoints.getCalendarFeed, async (_req, context) => {
    try {
      const { file } = (await context.params) as { file: string };
      const body = await readCalendarFeed(file);
      return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" } });
    } catch (error) {
      return errorResponse(toAppError(error));
    }
  }),
);
