import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { rotateKey } from "@/lib/keys/rotate-key";
import { keyEndpoints } from "@/lib/openapi/paths-keys";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(keyEndpoints.rotateApiKey, ({ ctx, params, body }) => rotateKey(ctx, params.id, body)));
