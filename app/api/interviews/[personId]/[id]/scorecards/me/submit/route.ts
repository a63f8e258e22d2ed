import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { submitScorecard } from "@/lib/scorecards/submit-scorecard";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "submitMyScorecard", auth: "session" }, ({ ctx, params }) => submitScorecard(ctx, params.personId, params.id)),
});
