import { publicRoute } from "@/lib/http/public-route";
import { methods } from "@/lib/http/methods";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { referenceEndpoints } from "@/lib/openapi/paths-reference";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // The OpenAPI 3.1 document of the service. Public on purpose: it describes the API and holds
  // no data, so it does not go through route() (no authentication, no district).
  publicRoute(referenceEndpoints.getOpenApiDocument, async () =>
    Response.json(openApiDocument(), {
      headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
    }),
  ),
);
