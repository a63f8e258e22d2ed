import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { replayEvents } from "@/lib/webhooks/replay-events";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.replayWebhookEvents, ({ ctx, params, body }) => replayEvents(ctx, params.id, body)),
);
