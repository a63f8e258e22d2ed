import { publicRoute } from "@/lib/http/public-route";
import { jsonResponse } from "@/lib/http/json-response";
import { methods } from "@/lib/http/methods";
import { referenceEndpoints } from "@/lib/openapi/paths-reference";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Liveness: the app process answers. No database or other work on purpose: the supervisor
  // probes it, and the benchmark uses it as the framework's own cost per request.
  publicRoute(referenceEndpoints.getLiveness, async () => jsonResponse({ ok: true }, { headers: { "Cache-Control": "no-store" } })),
);
