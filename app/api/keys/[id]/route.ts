import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { revokeKey } from "@/lib/keys/revoke-key";
import { keyEndpoints } from "@/lib/openapi/paths-keys";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(keyEndpoints.revokeApiKey, ({ ctx, params }) => revokeKey(ctx, params.id)));
