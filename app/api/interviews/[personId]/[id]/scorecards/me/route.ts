import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { saveScorecard } from "@/lib/scorecards/save-scorecard";
import { saveScorecardSchema } from "@/lib/scorecards/schemas";

// A scorecard is a person's own: sessions only.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PUT: route({ operation: "saveMyScorecard", auth: "session", body: saveScorecardSchema }, ({ ctx, params, body }) =>
    saveScorecard(ctx, params.personId, params.id, body),
  ),
});
