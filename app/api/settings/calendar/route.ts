import { getCalendarSettings, updateCalendarSettings } from "@/lib/calendar/calendar-settings";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { calendarEndpoints } from "@/lib/openapi/paths-calendar";

// When the district's calendar invitations go out (creation or publishing): sessions with the settings permission.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(calendarEndpoints.getCalendarSettings, ({ ctx }) => getCalendarSettings(ctx)),
  route(calendarEndpoints.updateCalendarSettings, ({ ctx, body }) => updateCalendarSettings(ctx, body)),
);
