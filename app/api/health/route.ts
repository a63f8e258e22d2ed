import { checkServiceHealth } from "@/lib/health/service-health";
import { publicRoute } from "@/lib/http/public-route";
import { jsonResponse } from "@/lib/http/json-response";
import { methods } from "@/lib/http/methods";
import { referenceEndpoints } from "@/lib/openapi/paths-reference";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Readiness for load balancers and orchestrators: 503 while any part is down. Public, so it
  // says only whether each part works and a failure's kind, never an address or a secret.
  publicRoute(referenceEndpoints.getHealth, async () => {
    const health = await checkServiceHealth();
    return jsonResponse(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  }),
);
