import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { authorizeRealtimeChannel } from "@/lib/messages/authorize-realtime-channel";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

// JSON like every other write (the browser's pusher-js sends it through a channelAuthorization
// customHandler, components/messages/realtime-client.ts), so cross-site forms cannot reach it.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(messageEndpoints.authorizeRealtimeChannel, ({ ctx, body }) => authorizeRealtimeChannel(ctx, body)),
);
