import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { replayEvents } from "@/lib/webhooks/deliveries";
import { replaySchema } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "replayWebhookEvents", auth: "session", permission: "settings", body: replaySchema, status: 202 }, ({ ctx, params, body }) => replayEvents(ctx, params.id, body)),
});
