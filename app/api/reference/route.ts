import { publicRoute } from "@/lib/http/public-route";
import { methods } from "@/lib/http/methods";
import { referenceEndpoints } from "@/lib/openapi/paths-reference";
import { referencePageResponse } from "@/lib/openapi/reference-page";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // The OpenAPI document as a readable page. Public, like the document: it holds no data.
  publicRoute(referenceEndpoints.getApiReferencePage, (req) => referencePageResponse(req)),
);
