import { jsonResponse } from "@/lib/http/json-response";
import { methods } from "@/lib/http/methods";
import { publicRoute } from "@/lib/http/public-route";
import { ssoEndpoints } from "@/lib/openapi/paths-sso";
import { lookupSso } from "@/lib/sso/lookup-sso";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Public, for the sign-in form: answered from the address's domain alone, so it says nothing of who has an account.
  publicRoute(ssoEndpoints.lookupSso, async (_req, _context, { query }) => jsonResponse(await lookupSso(query), { headers: { "Cache-Control": "no-store" } })),
);
