import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { authorizeRealtimeChannel } from "@/lib/messages/authorize-realtime-channel";
import { realtimeAuthSchema } from "@/lib/messages/schemas";

// JSON like every other write (the browser's pusher-js sends it through a channelAuthorization
// customHandler, components/messages/realtime-client.ts), so cross-site forms cannot reach it.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "authorizeRealtimeChannel", auth: "session", body: realtimeAuthSchema }, ({ ctx, body }) => authorizeRealtimeChannel(ctx, body)),
});
