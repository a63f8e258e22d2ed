import { route } from "@/lib/http/route";
import { listInterviews } from "@/lib/interviews/list-interviews";
import { listInterviewsQuery } from "@/lib/interviews/schemas";

// Optional filters: person_id, board_id, published (0|1), from / to (YYYY-MM-DD, inclusive).
export const GET = route({ scope: "read:interviews", query: listInterviewsQuery }, ({ ctx, query }) => listInterviews(ctx, query));
