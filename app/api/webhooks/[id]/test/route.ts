import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { webhookEndpoints } from "@/lib/openapi/paths-webhooks";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(webhookEndpoints.sendWebhookTestEvent, ({ ctx, params }) => sendTestEvent(ctx, params.id)),
);
