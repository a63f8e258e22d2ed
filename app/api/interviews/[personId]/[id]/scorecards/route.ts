import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listScorecards } from "@/lib/scorecards/list-scorecards";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listScorecards", scope: "read:interviews" }, ({ ctx, params }) => listScorecards(ctx, params.personId, params.id)),
});
