import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { reopenScorecard } from "@/lib/scorecards/reopen-scorecard";

// Admins (checked by reopenScorecard), or an API key with write:interviews.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "reopenScorecard", scope: "write:interviews" }, ({ ctx, params }) =>
    reopenScorecard(ctx, params.personId, params.id, params.scorecardId),
  ),
});
