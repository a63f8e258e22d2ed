import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.listWebhookEndpoints, ({ ctx }) => listEndpoints(ctx)),
  route(webhookEndpoints.createWebhookEndpoint, ({ ctx, body }) => createEndpoint(ctx, body)),
);
