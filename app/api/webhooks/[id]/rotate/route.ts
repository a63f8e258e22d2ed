import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.rotateWebhookSecret, ({ ctx, params }) => rotateSecret(ctx, params.id)),
);
