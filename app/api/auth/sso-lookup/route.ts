import { publicRoute } from "@/lib/http/declaration";
import { errorResponse, toAppError } from "@/lib/http/errors";
import { jsonResponse } from "@/lib/http/json-response";
import { methods } from "@/lib/http/methods";
import { ssoEndpoints } from "@/lib/openapi/paths-sso";
import { lookupSso } from "@/lib/sso/lookup-sso";
import { ssoLookupQuery } from "@/lib/sso/schemas";
import { assertPlainInput } from "@/lib/validation/hostile-input";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Public, for the sign-in form: answered from the address's domain alone, so it says nothing of who has an account.
  publicRoute(ssoEndpoints.lookupSso, async (req) => {
    try {
      const raw = Object.fromEntries(new URL(req.url).searchParams);
      assertPlainInput(raw, "query");
      return jsonResponse(await lookupSso(ssoLookupQuery.parse(raw)), { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return errorResponse(toAppError(error));
    }
  }),
);
