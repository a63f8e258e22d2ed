import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { realtimeSettings } from "@/lib/messages/realtime-settings";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(messageEndpoints.getRealtimeSettings, async ({ ctx }) => realtimeSettings(ctx)));
