import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { redeliver } from "@/lib/webhooks/deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "redeliverWebhook", auth: "session", permission: "settings", status: 202 }, ({ ctx, params }) => redeliver(ctx, params.id, params.deliveryId)),
});
