import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { sendTestEvent } from "@/lib/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "sendWebhookTestEvent", auth: "session", permission: "settings", status: 202 }, ({ ctx, params }) => sendTestEvent(ctx, params.id)),
});
