import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createEndpointSchema } from "@/lib/webhooks/schemas";

const settings = { auth: "session", permission: "settings" } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listWebhookEndpoints", ...settings }, ({ ctx }) => listEndpoints(ctx)),
  POST: route({ operation: "createWebhookEndpoint", ...settings, body: createEndpointSchema, status: 201 }, ({ ctx, body }) => createEndpoint(ctx, body)),
});
