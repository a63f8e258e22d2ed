import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { rotateKey } from "@/lib/keys/rotate-key";
import { rotateKeySchema } from "@/lib/keys/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "rotateApiKey", auth: "session", permission: "settings", body: rotateKeySchema }, ({ ctx, params, body }) => rotateKey(ctx, params.id, body)),
});
