import { jsonDocumentResponse } from "@/lib/http/json-document";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewsListDocument } from "@/lib/interviews/list-interviews";
import { interviewEndpoints } from "@/lib/openapi/paths-interviews";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Optional filters: person_id, board_id, published (0|1), from / to (YYYY-MM-DD, inclusive).
  // Unfiltered, for staff: sent with an ETag (304 on If-None-Match).
  route(interviewEndpoints.listInterviews, async ({ ctx, req, query }) => jsonDocumentResponse(req, await interviewsListDocument(ctx, query))),
);
