import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { redeliver } from "@/lib/webhooks/redeliver";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.redeliverWebhook, ({ ctx, params }) => redeliver(ctx, params.id, params.deliveryId)),
);
