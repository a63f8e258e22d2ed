import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.listWebhookDeliveries, ({ ctx, params, query }) => listDeliveries(ctx, params.id, query)),
);
