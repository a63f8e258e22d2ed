import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { getEndpoint } from "@/lib/webhooks/get-endpoint";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.getWebhookEndpoint, ({ ctx, params }) => getEndpoint(ctx, params.id)),
  route(webhookEndpoints.updateWebhookEndpoint, ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body)),
  route(webhookEndpoints.deleteWebhookEndpoint, ({ ctx, params }) => deleteEndpoint(ctx, params.id)),
);
