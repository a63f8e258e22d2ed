import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { listDeliveriesQuery } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listWebhookDeliveries", auth: "session", permission: "settings", query: listDeliveriesQuery }, ({ ctx, params, query }) => listDeliveries(ctx, params.id, query)),
});
