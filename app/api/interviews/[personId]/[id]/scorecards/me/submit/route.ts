import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { scorecardEndpoints } from "@/lib/openapi/paths-scorecards";
import { submitScorecard } from "@/lib/scorecards/submit-scorecard";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(scorecardEndpoints.submitMyScorecard, ({ ctx, params }) => submitScorecard(ctx, params.personId, params.id)),
);
