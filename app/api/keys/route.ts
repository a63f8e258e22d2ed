import { createKey, listKeys } from "@/lib/keys/api-keys";
import { createKeySchema } from "@/lib/keys/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listApiKeys", auth: "session", permission: "settings" }, ({ ctx }) => listKeys(ctx)),
  POST: route({ operation: "createApiKey", auth: "session", permission: "settings", body: createKeySchema, status: 201 }, ({ ctx, body }) =>
    createKey(ctx, body),
  ),
});
