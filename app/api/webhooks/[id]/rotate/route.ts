import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "rotateWebhookSecret", auth: "session", permission: "settings" }, ({ ctx, params }) => rotateSecret(ctx, params.id)),
});
