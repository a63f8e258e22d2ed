import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { scorecardEndpoints } from "@/lib/openapi/paths-scorecards";
import { reopenScorecard } from "@/lib/scorecards/reopen-scorecard";

// Admins (checked by reopenScorecard), or an API key with write:interviews.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(scorecardEndpoints.reopenScorecard, ({ ctx, params }) => reopenScorecard(ctx, params.personId, params.id, params.scorecardId)),
);
