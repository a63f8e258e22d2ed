import { jsonDocumentResponse } from "@/lib/http/json-document";
import { route } from "@/lib/http/route";
import { interviewsListDocument } from "@/lib/interviews/list-interviews";
import { listInterviewsQuery } from "@/lib/interviews/schemas";

// Optional filters: person_id, board_id, published (0|1), from / to (YYYY-MM-DD, inclusive).
// Unfiltered, for staff: sent with an ETag (304 on If-None-Match).
export const GET = route({ scope: "read:interviews", query: listInterviewsQuery }, async ({ ctx, req, query }) =>
  jsonDocumentResponse(req, await interviewsListDocument(ctx, query)),
);
