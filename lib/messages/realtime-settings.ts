import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { realtimeClientConfig } from "@/lib/realtime/config";
import { personOf } from "./person-of";
import { personChannel } from "./realtime-events.shared";

/** GET /api/realtime: pusher-js options for this service's realtime server, and the caller's person channel. */
export function realtimeSettings(ctx: Ctx) {
  const config = realtimeClientConfig(ctx.origin);
  return {
    key: config.key,
    cluster: config.cluster,
    wsHost: config.wsHost,
    wsPort: config.wsPort,
    wssPort: config.wssPort,
    forceTLS: config.forceTLS,
    enabledTransports: config.enabledTransports,
    authEndpoint: config.authEndpoint,
    person_channel: personChannel(personOf(ctx).personId),
  };
}
