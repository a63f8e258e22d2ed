import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { updateEndpointSchema } from "@/lib/webhooks/schemas";

const settings = { auth: "session", permission: "settings" } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getWebhookEndpoint", ...settings }, ({ ctx, params }) => getEndpoint(ctx, params.id)),
  PATCH: route({ operation: "updateWebhookEndpoint", ...settings, body: updateEndpointSchema }, ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body)),
  DELETE: route({ operation: "deleteWebhookEndpoint", ...settings }, ({ ctx, params }) => deleteEndpoint(ctx, params.id)),
});
