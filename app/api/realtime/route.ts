import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { realtimeSettings } from "@/lib/messages/realtime-settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getRealtimeSettings", auth: "session" }, async ({ ctx }) => realtimeSettings(ctx)),
});
