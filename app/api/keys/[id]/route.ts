import { revokeKey } from "@/lib/keys/api-keys";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route({ operation: "revokeApiKey", auth: "session", permission: "settings" }, ({ ctx, params }) => revokeKey(ctx, params.id)),
});
