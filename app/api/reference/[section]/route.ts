import { methods } from "@/lib/http/methods";
import { publicRoute } from "@/lib/http/public-route";
import { referenceEndpoints } from "@/lib/openapi/paths-reference";
import { referencePageResponse } from "@/lib/openapi/reference-page";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // A section of the reference page (a tag's endpoints, the schemas). Public, like the document.
  publicRoute(referenceEndpoints.getApiReferenceSection, async (req, { params }) => referencePageResponse(req, String((await params).section))),
);
