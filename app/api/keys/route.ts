import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createKey } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";
import { keyEndpoints } from "@/lib/openapi/paths-keys";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(keyEndpoints.listApiKeys, ({ ctx }) => listKeys(ctx)),
  route(keyEndpoints.createApiKey, ({ ctx, body }) => createKey(ctx, body)),
);
