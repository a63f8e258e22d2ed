import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { scorecardEndpoints } from "@/lib/openapi/paths-scorecards";
import { saveScorecard } from "@/lib/scorecards/save-scorecard";

// A scorecard is a person's own: sessions only.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(scorecardEndpoints.saveMyScorecard, ({ ctx, params, body }) => saveScorecard(ctx, params.personId, params.id, body)),
);
